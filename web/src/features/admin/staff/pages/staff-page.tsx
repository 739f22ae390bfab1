import { useState, type FormEvent } from 'react';
import { staffRoles, type StaffAccount, type StaffChange, type StaffRole } from '@threadline/contracts';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { selectClass } from '@/components/ui/field-styles.ts';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAdminMe } from '../../api/get-admin-me.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { isOwnerOnlyRefusal, OwnerOnly } from '../../components/owner-only.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList } from '../../hooks/use-admin-list.ts';
import { staffListPath, useAddStaff, useChangeStaff } from '../api/staff-accounts.ts';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

const when = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' });
export const roleLabel = (role: StaffRole) => (role === 'owner' ? 'Owner' : 'Staff');

const emptyForm = { email: '', first_name: '', last_name: '', role: 'staff' as StaffRole, password: '' };

function AddStaffDialog({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(account: StaffAccount): void }) {
  const add = useAddStaff();
  const [form, setForm] = useState(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof typeof emptyForm) => (event: { currentTarget: { value: string } }) =>
    setForm({ ...form, [field]: event.currentTarget.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const { password, ...rest } = form;
    add.mutate(
      { ...rest, email: rest.email.trim(), ...(password === '' ? {} : { password }) },
      {
        onSuccess: (account) => {
          setForm(emptyForm);
          onAdded(account);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Add a staff member"
      description="They sign in on the shop's sign-in page with this e-mail and password."
    >
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
        <DialogBody>
          <div className="space-y-4">
            {problem ? (
              <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
                {problem}
              </p>
            ) : null}
            <TextField label="E-mail" type="email" autoComplete="off" required value={form.email} onChange={set('email')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First name" value={form.first_name} onChange={set('first_name')} maxLength={100} />
              <TextField label="Last name" value={form.last_name} onChange={set('last_name')} maxLength={100} />
            </div>
            <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
              Role
              <select className={selectClass} value={form.role} onChange={set('role')}>
                {staffRoles.map((role) => (
                  <option key={role} value={role}>
                    {role === 'owner'
                      ? 'Owner (everything, staff accounts and settings too)'
                      : 'Staff (everything except staff accounts and settings)'}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              label="Password"
              hint="(at least 8 characters; an existing account keeps its own)"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
              maxLength={128}
            />
          </div>
        </DialogBody>
        <DialogFooter>
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            Cancel
          </button>
          <button type="submit" disabled={add.isPending} className={buttonClass('primary')}>
            {add.isPending ? 'Adding…' : 'Add staff member'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

interface StaffRowProps {
  account: StaffAccount;
  /** The owner looking at the list: their own second factor goes off on the Security page, with a code. */
  isMe: boolean;
  busy: boolean;
  onRole(role: StaffRole): void;
  onToggle(): void;
  onResetSecondFactor(): void;
}

function StaffRow({ account, isMe, busy, onRole, onToggle, onResetSecondFactor }: StaffRowProps) {
  const name = account.name || account.email;
  return (
    <tr className="align-middle">
      <td className="px-4 py-3">
        <span className="block font-medium text-stone-900">{account.name || '—'}</span>
        <span className="block break-all text-stone-600">{account.email}</span>
      </td>
      <td className="px-4 py-3">
        <select
          aria-label={`Role of ${name}`}
          className={selectClass}
          value={account.role}
          disabled={busy}
          onChange={(event) => onRole(event.currentTarget.value as StaffRole)}
        >
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </td>
      <td className="space-y-1 px-4 py-3">
        <Badge tone={account.disabled ? 'danger' : 'success'}>{account.disabled ? 'Disabled' : 'Active'}</Badge>{' '}
        <Badge tone={account.two_factor_enabled ? 'success' : 'amber'} className="whitespace-nowrap">
          {account.two_factor_enabled ? 'Second factor on' : 'No second factor'}
        </Badge>
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-stone-700">
        {account.last_sign_in ? when.format(new Date(account.last_sign_in)) : 'Never'}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          {account.two_factor_enabled && !isMe && (
            <button
              type="button"
              disabled={busy}
              onClick={onResetSecondFactor}
              className={`${buttonClass('secondary')} px-4 py-2 whitespace-nowrap`}
            >
              Reset second factor
              <span className="sr-only"> of {name}</span>
            </button>
          )}
          <button type="button" disabled={busy} onClick={onToggle} className={`${buttonClass('secondary')} px-4 py-2 whitespace-nowrap`}>
            {account.disabled ? 'Enable' : 'Disable'}
            <span className="sr-only"> {name}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

const staffOwnerOnly =
  'Staff accounts are the owner’s to add, change and disable. Ask the owner if someone needs an account or a new role.';

/** /admin/staff (the owner's): who is on the staff, their roles; add people, change roles, disable accounts, reset a lost second factor. */
export function StaffPage() {
  const me = useAdminMe();
  // Staff see who may use the page, not a refusal to retry or a button the server refuses.
  if (me.data && me.data.role !== 'owner') {
    return (
      <AdminPage title="Staff">
        <OwnerOnly>{staffOwnerOnly}</OwnerOnly>
      </AdminPage>
    );
  }
  return <StaffAccounts />;
}

function StaffAccounts() {
  const list = useAdminList<StaffAccount>(staffListPath);
  const change = useChangeStaff();
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<StaffAccount | null>(null);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const me = useAdminMe();
  const refused = list.isError && isOwnerOnlyRefusal(list.error);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);

  const closeDialogs = () => {
    setToggling(null);
    setResetting(null);
  };
  const apply = (account: StaffAccount, next: StaffChange, done: string) =>
    change.mutate(
      { id: account.id, change: next },
      {
        onSuccess: () => {
          closeDialogs();
          setNotice({ tone: 'success', text: done });
        },
        onError: (error) => {
          closeDialogs();
          setNotice({ tone: 'error', text: error.message });
        },
      },
    );

  return (
    <AdminPage
      title="Staff"
      actions={
        refused ? null : (
          <button type="button" onClick={() => setAdding(true)} className={buttonClass('primary')}>
            Add staff member
          </button>
        )
      }
    >
      {list.isPending ? (
        <ListLoading label="Loading the staff..." rows={3} />
      ) : refused ? (
        <OwnerOnly>{staffOwnerOnly}</OwnerOnly>
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>No staff accounts yet. Add the first staff member.</ListEmpty>
      ) : (
        <>
          {/* relative: the rows' screen-reader-only labels are positioned inside this box, not the page, so only the box scrolls. */}
          <AdminTable label="Staff accounts" minWidthClass="min-w-[44rem]">
            <thead className={adminTableHeadClass}>
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Role
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Last sign-in
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.data.results.map((account) => (
                <StaffRow
                  key={account.id}
                  account={account}
                  isMe={account.id === me.data?.id}
                  busy={change.isPending}
                  onRole={(role) => apply(account, { role }, `${account.email} is now ${roleLabel(role).toLowerCase()}.`)}
                  onToggle={() =>
                    account.disabled ? apply(account, { disabled: false }, `${account.email} can sign in again.`) : setToggling(account)
                  }
                  onResetSecondFactor={() => setResetting(account)}
                />
              ))}
            </tbody>
          </AdminTable>
          <Pager list={list.data} />
        </>
      )}
      <AddStaffDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(account) => {
          setAdding(false);
          setNotice({ tone: 'success', text: `${account.email} was added as ${roleLabel(account.role).toLowerCase()}.` });
        }}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={`Disable ${toggling?.email ?? ''}?`}
        message="They are signed out everywhere at once and cannot sign in until you enable the account again."
        confirmLabel="Disable"
        busyLabel="Disabling…"
        busy={change.isPending}
        onConfirm={() => toggling && apply(toggling, { disabled: true }, `${toggling.email} is disabled and signed out.`)}
        onCancel={() => setToggling(null)}
      />
      <ConfirmDialog
        open={resetting !== null}
        title={`Reset the second factor of ${resetting?.email ?? ''}?`}
        message="For a lost or replaced phone. They are signed out everywhere and sign in with their password alone, then set up their authenticator app again on the Security page (at once, if this shop requires a second factor)."
        confirmLabel="Reset second factor"
        busyLabel="Resetting…"
        busy={change.isPending}
        onConfirm={() =>
          resetting && apply(resetting, { two_factor_enabled: false }, `${resetting.email} has no second factor now and is signed out.`)
        }
        onCancel={() => setResetting(null)}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
