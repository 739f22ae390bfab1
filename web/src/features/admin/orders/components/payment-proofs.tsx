import { useEffect, useMemo, useState } from 'react';
import type { AdminOrder } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { usePaymentProof } from '../api/get-payment-proof.ts';
import { failureText } from './order-dialogs.tsx';
import { formatWhen } from '../order-labels.ts';

/** A blob's address for as long as the page shows it. */
function useBlobUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function Proof({ orderId, proof, number }: { orderId: number; proof: AdminOrder['payment_proofs'][number]; number: number }) {
  const [open, setOpen] = useState(false);
  const file = usePaymentProof(orderId, proof.id, open);
  const url = useBlobUrl(file.data?.blob);
  const name = file.data?.fileName ?? `payment-proof-${orderId}-${proof.id}`;
  const isImage = file.data?.blob.type.startsWith('image/') ?? false;
  return (
    <li className="space-y-2 rounded-xl bg-stone-50 p-3">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          Proof {number} · {formatWhen(proof.uploaded_at)}
        </span>
        {open ? null : (
          <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(true)}>
            View proof {number}
          </button>
        )}
      </p>
      {file.isFetching && !file.data ? <p className="text-stone-600">Loading the proof...</p> : null}
      {file.isError ? <ErrorBox>{failureText(file.error)}</ErrorBox> : null}
      {url ? (
        <div className="space-y-2">
          {isImage ? (
            <img
              src={url}
              alt={`Proof of payment ${number} sent by the customer`}
              className="max-h-[32rem] w-full rounded-lg bg-white object-contain ring-1 ring-stone-200"
            />
          ) : null}
          <a
            href={url}
            download={name}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center font-medium underline underline-offset-2"
          >
            {isImage ? `Download proof ${number}` : `Open proof ${number} (PDF)`}
          </a>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The proofs a customer sent of a bank transfer, beside the order: staff check the shop's account
 * for the money, then mark the order paid.
 */
export function PaymentProofs({ order }: { order: AdminOrder }) {
  if (order.payment_method !== 'bank_transfer') return null;
  return order.payment_proofs.length > 0 ? (
    <ul className="space-y-2 text-sm" aria-label="Proofs of payment">
      {order.payment_proofs.map((proof, index) => (
        <Proof key={proof.id} orderId={order.id} proof={proof} number={index + 1} />
      ))}
    </ul>
  ) : (
    <p className="text-sm text-stone-600">
      {order.payment_status === 'PENDING' ? 'No proof of payment sent yet.' : 'No proof of payment was sent.'}
    </p>
  );
}
