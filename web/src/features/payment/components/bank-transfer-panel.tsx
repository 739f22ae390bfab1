import { useId, useState, type FormEvent } from 'react';
import { formatPayBy, type Order } from '@threadline/contracts';
import { FileCheck, Upload } from 'lucide-react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { useSendPaymentProof } from '../api/send-payment-proof.ts';

/** What the server takes (KINGSTON.md §1): checked here too, so a shopper hears at once rather than after the upload. */
const proofMaxBytes = 10 * 1024 * 1024;
const proofTypes = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'];
const uploadedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Jamaica' });

/**
 * An unpaid bank transfer's next step: the account to pay into with the order number as the
 * reference, the day it must arrive by, and where to send a screenshot or PDF of the transfer.
 */
export function BankTransferPanel({ order, token }: { order: Order; token: string | null }) {
  const { format } = useCurrency();
  const bank = useStoreSettings().data?.bank_transfer;
  const send = useSendPaymentProof(String(order.id), token);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  const choose = (chosen: File | null) => {
    send.reset();
    setFile(chosen);
    if (chosen && chosen.size > proofMaxBytes) setProblem('This file is larger than 10 MB. Please send a smaller screenshot or PDF.');
    else if (chosen && chosen.type !== '' && !proofTypes.includes(chosen.type))
      setProblem('Please send a screenshot (PNG, JPEG or WebP) or a PDF.');
    else setProblem(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || problem) return;
    const form = event.currentTarget;
    send.mutate(file, {
      onSuccess: () => {
        setFile(null);
        form.reset();
      },
    });
  };

  const proofs = order.payment_proofs;
  return (
    <div className="space-y-4 text-sm text-stone-700">
      <p>
        Please transfer <strong>{format(order.total)}</strong> to our bank account, quoting your order number{' '}
        <strong>{order.order_number}</strong> as the reference. We prepare your order once the money is in our account.
      </p>
      {bank ? (
        <dl aria-label="Bank details" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <dt className="text-stone-600">Bank</dt>
          <dd className="font-medium break-words">
            {bank.bank}
            {bank.branch ? `, ${bank.branch} branch` : ''}
          </dd>
          <dt className="text-stone-600">Account name</dt>
          <dd className="font-medium break-words">{bank.account_name}</dd>
          <dt className="text-stone-600">Account number</dt>
          <dd className="font-mono font-semibold break-all">{bank.account_number}</dd>
          {bank.account_type ? (
            <>
              <dt className="text-stone-600">Account type</dt>
              <dd>{bank.account_type}</dd>
            </>
          ) : null}
          <dt className="text-stone-600">Currency</dt>
          <dd>{bank.currency}</dd>
          <dt className="text-stone-600">Reference</dt>
          <dd className="font-mono font-semibold break-all">{order.order_number}</dd>
        </dl>
      ) : null}
      {order.expires_at && proofs.length === 0 ? (
        <p>
          Please pay by <strong>{formatPayBy(order.expires_at)}</strong> (Jamaica time); an order not paid by then is cancelled and its
          items go back on the shelf.
        </p>
      ) : null}

      {proofs.length > 0 ? (
        <div className="rounded-xl bg-green-50 p-4 text-green-900 ring-1 ring-green-200">
          <p className="flex items-center gap-2 font-semibold">
            <FileCheck className="size-4" aria-hidden="true" /> Proof of payment received
          </p>
          <ul className="mt-1 list-disc pl-5">
            {proofs.map((proof) => (
              <li key={proof.id}>Sent {uploadedAt.format(new Date(proof.uploaded_at))}</li>
            ))}
          </ul>
          <p className="mt-1">Thank you. We will confirm your payment once we see it in our account, and e-mail you.</p>
        </div>
      ) : null}

      <form onSubmit={submit} className="space-y-2" aria-label="Send proof of payment">
        <label htmlFor={inputId} className="block font-semibold text-stone-900">
          {proofs.length > 0 ? 'Send another proof of payment' : 'Already paid? Send us your proof of payment'}
        </label>
        <p id={hintId} className="text-stone-600">
          A screenshot or PDF of the transfer, at most 10 MB.
        </p>
        <input
          id={inputId}
          type="file"
          accept={proofTypes.join(',')}
          aria-describedby={hintId}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="block w-full rounded-lg border border-stone-300 bg-white p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-stone-900 file:px-3 file:py-2 file:text-white"
        />
        {problem ? (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        ) : null}
        {send.isError ? (
          <p role="alert" className="text-red-700">
            {send.error.message}
          </p>
        ) : null}
        {send.isSuccess ? <output className="block text-green-800">Your proof of payment was sent. Thank you!</output> : null}
        <button
          type="submit"
          className={`${buttonClass('primary')} w-full sm:w-auto`}
          disabled={!file || problem !== null || send.isPending}
        >
          <Upload className="size-4" aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send proof of payment'}
        </button>
      </form>
    </div>
  );
}
