import { paysByCard, type AdminOrder, type OrderStatus } from '@threadline/contracts';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { OrderAction } from '../api/update-order.ts';
import { formatJmd, moveLabels, refundAmount } from '../order-labels.ts';

export const failureText = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop. Check your connection and try again.';

interface ActionDialogProps {
  order: AdminOrder;
  busy: boolean;
  error: unknown;
  onSubmit(action: OrderAction): void;
  onClose(): void;
}

/** Moves the order on (or cancels it) with a note, and the tracking number when it ships. */
export function StatusDialog({ order, to, busy, error, onSubmit, onClose }: ActionDialogProps & { to: OrderStatus | null }) {
  const [note, setNote] = useState('');
  const [tracking, setTracking] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!to) return;
    if (to === 'shipped' && tracking.trim() === '') {
      setMissing(true);
      return;
    }
    onSubmit({ kind: 'status', change: { status: to, note, ...(to === 'shipped' ? { tracking_number: tracking.trim() } : {}) } });
  };
  const cancelling = to === 'cancelled';
  const paidByCard = paysByCard(order.payment_method) && order.refundable_amount > 0;
  return (
    <Dialog
      open={to !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={to ? `${moveLabels[to]}: ${order.order_number}` : 'Change status'}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <div className="space-y-4">
            {cancelling ? (
              <p className="text-sm text-stone-700">
                Every item goes back in stock.
                {paidByCard ? ` The card payment of ${formatJmd(order.refundable_amount)} is refunded in full.` : ''} The customer is
                e-mailed. This cannot be undone.
              </p>
            ) : null}
            {to === 'ready_for_pickup' ? (
              <p className="text-sm text-stone-700">
                The customer is e-mailed that the order is ready, with the store's address and opening hours from Settings.
              </p>
            ) : null}
            {to === 'shipped' ? (
              <TextField
                label="Tracking number"
                value={tracking}
                maxLength={100}
                required
                autoComplete="off"
                error={missing ? 'Enter the tracking number; the customer gets it by e-mail.' : null}
                onChange={(event) => setTracking(event.currentTarget.value)}
              />
            ) : null}
            <TextAreaField
              label="Note"
              hint="(optional, for staff)"
              value={note}
              maxLength={500}
              rows={3}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            {error ? <ErrorBox>{failureText(error)}</ErrorBox> : null}
          </div>
        </DialogBody>
        <DialogFooter>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            {cancelling ? 'Keep the order' : 'Close'}
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Saving...' : to ? moveLabels[to] : 'Save'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** Gives back part of the payment, or all that is left of it, with the reason. */
export function RefundDialog({ order, open, busy, error, onSubmit, onClose }: ActionDialogProps & { open: boolean }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = refundAmount(amount, order.refundable_amount);
    const found = {
      ...('error' in read ? { amount: read.error } : {}),
      ...(reason.trim() === '' ? { reason: 'Say why the money is given back.' } : {}),
    };
    setProblems(found);
    if ('error' in read || found.reason) return;
    onSubmit({ kind: 'refund', refund: { reason: reason.trim(), ...(read.amount === undefined ? {} : { amount: read.amount }) } });
  };
  const by = paysByCard(order.payment_method)
    ? 'to the card, through the card provider'
    : order.payment_method === 'bank_transfer'
      ? "by a transfer from the shop's bank account, which you make; it is recorded here"
      : 'in cash; it is recorded here';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={`Refund ${order.order_number}`}
      description={`Up to ${formatJmd(order.refundable_amount)} goes back ${by}.`}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <div className="space-y-4">
            <TextField
              label="Amount (JMD)"
              hint="(empty: all that is left)"
              inputMode="decimal"
              value={amount}
              maxLength={14}
              error={problems.amount ?? null}
              onChange={(event) => setAmount(event.currentTarget.value)}
            />
            <TextAreaField
              label="Reason"
              value={reason}
              maxLength={500}
              rows={3}
              error={problems.reason ?? null}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            {error ? <ErrorBox>{failureText(error)}</ErrorBox> : null}
          </div>
        </DialogBody>
        <DialogFooter>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            Close
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Refunding...' : 'Refund'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
