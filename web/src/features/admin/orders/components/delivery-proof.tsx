import { useEffect, useMemo, useState } from 'react';
import type { AdminOrder } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { useDeliveryPhoto } from '../api/get-delivery-photo.ts';
import { formatWhen } from '../order-labels.ts';
import { failureText } from './order-dialogs.tsx';

/** A blob's address for as long as the page shows it. */
function useBlobUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** The driver's proof of a delivery marked in one step: who took it, when, the cash, and the photo on request. */
export function DeliveryProof({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  const photo = useDeliveryPhoto(order.id, open);
  const url = useBlobUrl(photo.data?.blob);
  const proof = order.delivery;
  if (!proof) return null;
  return (
    <section aria-label="Proof of delivery" className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-5">
      <h2 className="text-base font-semibold">Proof of delivery</h2>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Received by</dt>
          <dd className="text-right font-medium break-words">{proof.received_by}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Delivered</dt>
          <dd className="text-right">{formatWhen(proof.delivered_at)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Cash collected</dt>
          <dd className="text-right">{proof.cash_collected ? 'Yes' : 'No'}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Marked by</dt>
          <dd className="text-right break-all">{proof.staff_email ?? 'the shop'}</dd>
        </div>
      </dl>
      {proof.has_photo ? (
        open ? null : (
          <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(true)}>
            View photo
          </button>
        )
      ) : (
        <p className="text-sm text-stone-600">No photo was taken.</p>
      )}
      {photo.isFetching && !photo.data ? <p className="text-sm text-stone-600">Loading the photo...</p> : null}
      {photo.isError ? <ErrorBox>{failureText(photo.error)}</ErrorBox> : null}
      {url ? (
        <img
          src={url}
          alt={`The delivery of ${order.order_number}, received by ${proof.received_by}`}
          className="max-h-[28rem] w-full rounded-lg bg-white object-contain ring-1 ring-stone-200"
        />
      ) : null}
    </section>
  );
}
