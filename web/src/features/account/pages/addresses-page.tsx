import { messages, type Address, type AddressInput } from '@threadline/contracts';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { RequireSignIn } from '@/lib/auth/require-sign-in.tsx';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useChangeAddress, type AddressChange } from '../api/change-address.ts';
import { useAddresses } from '@/lib/queries/addresses.ts';
import { AccountLayout } from '../components/account-layout.tsx';
import { AccountEmptyState, AccountLoadError } from '../components/account-states.tsx';
import { AddressCard } from '../components/address-card.tsx';
import { AddressDialog } from '../components/address-dialog.tsx';
import { failureText } from '../failure-text.ts';

/** SPEC §2 /addresses: the address book with add, edit, delete and set default. */
export function AddressesPage() {
  usePageMeta({ title: 'Your addresses', description: 'Your saved delivery addresses.' });
  return (
    <RequireSignIn>
      <AddressBook />
    </RequireSignIn>
  );
}

function AddressBook() {
  const addresses = useAddresses();
  const change = useChangeAddress();
  const [editing, setEditing] = useState<Address | 'add' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const list = addresses.data?.addresses ?? [];

  const run = async (request: AddressChange, failure: string) => {
    setNotice(null);
    try {
      const answer = await change.mutateAsync(request);
      setNotice({ tone: 'success', text: answer.message });
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: failureText(error, failure) });
      return false;
    }
  };

  const save = async (input: AddressInput) => {
    const target = editing;
    if (target === null) return;
    try {
      const answer = await change.mutateAsync(target === 'add' ? { kind: 'create', input } : { kind: 'update', id: target.id, input });
      setEditing(null);
      setNotice({ tone: 'success', text: answer.message || (target === 'add' ? messages.addressAdded : messages.addressUpdated) });
    } catch (error) {
      // Shown inside the dialog, which stays open with what was typed.
      throw new Error(failureText(error, messages.addressSaveFailed), { cause: error });
    }
  };

  const addButton = (label: string) => (
    <button type="button" onClick={() => setEditing('add')} className={buttonClass('primary')}>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </button>
  );

  return (
    <AccountLayout title="Addresses" intro="Where we deliver your orders." actions={list.length > 0 ? addButton('Add Address') : null}>
      {addresses.data ? (
        list.length === 0 ? (
          <AccountEmptyState
            Icon={MapPin}
            title="No addresses yet"
            text="Save an address to check out faster next time."
            action={addButton('Add Your First Address')}
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {list.map((address) => (
              <li key={address.id}>
                <AddressCard
                  address={address}
                  busy={change.isPending}
                  settingDefault={change.isPending && change.variables.kind === 'set-default' && change.variables.id === address.id}
                  onEdit={() => setEditing(address)}
                  onDelete={() => setDeleting(address)}
                  onSetDefault={() => void run({ kind: 'set-default', id: address.id }, messages.addressSetDefaultFailed)}
                />
              </li>
            ))}
          </ul>
        )
      ) : addresses.isError ? (
        <AccountLoadError message={messages.addressesLoadFailed} onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />
      ) : (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2">
          <output className="sr-only">Loading addresses...</output>
          {[0, 1].map((card) => (
            <Skeleton key={card} className="h-48 rounded-2xl" />
          ))}
        </div>
      )}
      <AddressDialog target={editing} firstAddress={list.length === 0} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete address"
        message={messages.addressDeleteConfirm}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={change.isPending && change.variables.kind === 'delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void run({ kind: 'delete', id: deleting.id }, messages.addressDeleteFailed).then(() => setDeleting(null));
        }}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AccountLayout>
  );
}
