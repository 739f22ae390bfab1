import type { Address } from '@threadline/contracts';
import { MapPin, Pencil, Star, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';

const actionClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900 disabled:cursor-not-allowed disabled:opacity-50';

interface AddressCardProps {
  address: Address;
  /** Another change to the book is under way: actions wait for it. */
  busy: boolean;
  settingDefault: boolean;
  onEdit(): void;
  onDelete(): void;
  onSetDefault(): void;
}

/** One saved address with its Default badge and actions. */
export function AddressCard({ address, busy, settingDefault, onEdit, onDelete, onSetDefault }: AddressCardProps) {
  const name = address.label || address.street_address;
  const cityLine = [address.city, address.state, address.postal_code].filter((part) => part.trim() !== '').join(', ');
  return (
    <article
      aria-label={name}
      className={`flex h-full flex-col gap-4 rounded-2xl p-5 ring-1 ring-inset ${address.is_default ? 'bg-brand-50/40 ring-brand-300' : 'ring-stone-200'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="flex min-w-0 items-center gap-2 font-semibold">
          <MapPin className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span className="truncate">{address.label || 'Address'}</span>
        </h2>
        {address.is_default ? <Badge tone="green">Default</Badge> : null}
      </div>
      <address className="text-sm leading-relaxed text-stone-700 not-italic">
        {address.street_address}
        {address.apartment ? (
          <>
            <br />
            {address.apartment}
          </>
        ) : null}
        {cityLine ? (
          <>
            <br />
            {cityLine}
          </>
        ) : null}
        <br />
        {address.country}
      </address>
      <div className="-ml-3 mt-auto flex flex-wrap gap-1">
        <button type="button" onClick={onEdit} disabled={busy} className={actionClass} aria-label={`Edit ${name}`}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </button>
        <button
          type="button"
          onClick={onDelete}
          disabled={busy}
          className={`${actionClass} text-red-700 hover:bg-red-50 hover:text-red-800`}
          aria-label={`Delete ${name}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </button>
        {address.is_default ? null : (
          <button type="button" onClick={onSetDefault} disabled={busy} className={actionClass} aria-label={`Set ${name} as default`}>
            <Star className="size-4" aria-hidden="true" />
            {settingDefault ? 'Setting default...' : 'Set as default'}
          </button>
        )}
      </div>
    </article>
  );
}
