import {
  lineLabel,
  returnLimits,
  returnReasonWords,
  returnResolutionWords,
  returnStatusWords,
  returnTransitions,
  variantText,
  type AdminReturn,
  type ReturnActionResponse,
} from '@threadline/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import { saveErrorsOf, type SaveErrors } from '../../field-errors.ts';
import { PaymentStatusLabel } from '../../orders/components/order-badges.tsx';
import { formatJmd, formatWhen, refundAmount } from '../../orders/order-labels.ts';
import { useReturnAction, type ReturnAction } from '../api/return-action.ts';
import { refundSuggestion, restockUnits, returnStatusTones } from '../return-labels.ts';

type Confirming = 'reject' | 'refund' | 'exchange' | null;

const noFailure: SaveErrors = { fields: {}, general: null };

/** One return as staff handle it: who sent what back and why, and the next step its status allows. */
export function ReturnCard({ item, onDone }: { item: AdminReturn; onDone(answer: ReturnActionResponse, done: string): void }) {
  const action = useReturnAction();
  const headingId = useId();
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState<Record<number, string>>(() =>
    Object.fromEntries(item.items.map((line) => [line.id, String(line.quantity)])),
  );
  const [restockErrors, setRestockErrors] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState(() => refundSuggestion(item));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [failure, setFailure] = useState<SaveErrors>(noFailure);

  const moves = returnTransitions[item.status];
  const canRefund = item.status === 'received' && item.resolution === 'refund';
  const canExchange = item.status === 'received' && item.resolution === 'exchange';
  const readAmount = refundAmount(amount, item.refundable_amount);

  const run = (request: ReturnAction, done: string) => {
    setConfirming(null);
    setFailure(noFailure);
    action.mutate(
      { id: item.id, action: request },
      {
        onSuccess: (answer) => onDone(answer, done),
        onError: (error) => setFailure(saveErrorsOf(error, ['amount', 'note'])),
      },
    );
  };
  const changeStatus = (status: 'approved' | 'rejected', done: string) =>
    run({ kind: 'status', change: { status, note: note.trim(), restock: [] } }, done);
  const receive = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field of a requested return's form decides nothing: approving and rejecting are their own buttons.
    if (!moves.includes('received')) return;
    const read = item.items.map((line) => ({ line, read: restockUnits(restock[line.id] ?? '', line.quantity) }));
    const problems: Record<number, string> = Object.fromEntries(
      read.flatMap(({ line, read: units }): [number, string][] => ('error' in units ? [[line.id, units.error]] : [])),
    );
    setRestockErrors(problems);
    if (Object.keys(problems).length > 0) return;
    run(
      {
        kind: 'status',
        change: {
          status: 'received',
          note: note.trim(),
          restock: read.map(({ line, read: units }) => ({ return_item_id: line.id, quantity: 'quantity' in units ? units.quantity : 0 })),
        },
      },
      `${item.return_number} received.`,
    );
  };
  const askRefund = (event: FormEvent) => {
    event.preventDefault();
    if ('error' in readAmount) {
      setAmountError(readAmount.error);
      return;
    }
    setAmountError(null);
    setConfirming('refund');
  };
  const refund = () =>
    run(
      { kind: 'refund', refund: 'amount' in readAmount && readAmount.amount !== undefined ? { amount: readAmount.amount } : {} },
      `${item.return_number} refunded.`,
    );

  const replacementOf = (orderItemId: number) => item.exchange_for.find((line) => line.order_item_id === orderItemId);
  const refundText =
    'amount' in readAmount && readAmount.amount !== undefined ? formatJmd(readAmount.amount) : 'what the returned items cost';

  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-stone-200" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="min-w-0 font-semibold break-words">
          {item.return_number}
        </h2>
        <Badge tone={returnStatusTones[item.status]}>{returnStatusWords[item.status]}</Badge>
      </div>
      <p className="mt-1 text-sm break-words text-stone-600">
        Order{' '}
        <Link to={`/admin/orders/${item.order_id}`} className="font-medium text-stone-800 underline underline-offset-2">
          {item.order_number}
        </Link>{' '}
        · {item.customer_name} (
        <a href={`mailto:${item.email}`} className="underline underline-offset-2">
          {item.email}
        </a>
        ) · {formatWhen(item.created_at)}
      </p>
      <ul className="mt-3 divide-y divide-stone-200 text-sm" aria-label="Returned items">
        {item.items.map((line) => {
          const replacement = replacementOf(line.order_item_id);
          return (
            <li key={line.id} className="py-2">
              <p className="font-medium break-words">
                {line.quantity} × {lineLabel({ name: line.product_name, variant: variantText(line) })}
              </p>
              <p className="text-stone-600">
                {returnReasonWords[line.reason]} · {formatJmd(line.unit_price)} each
                {item.status === 'received' || item.status === 'refunded' || item.status === 'exchanged'
                  ? ` · ${line.restocked_quantity} back in stock`
                  : ''}
              </p>
              {replacement ? (
                <p className="text-stone-600">
                  For: {variantText({ size: replacement.variant_size, color: replacement.variant_color }) || 'the same item'}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-stone-600">Customer wants</dt>
          <dd className="font-medium">{returnResolutionWords[item.resolution]}</dd>
        </div>
        {item.note ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-stone-600">Customer's note</dt>
            <dd className="break-words whitespace-pre-wrap">{item.note}</dd>
          </div>
        ) : null}
        {item.staff_note ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-stone-600">Our note</dt>
            <dd className="break-words whitespace-pre-wrap">{item.staff_note}</dd>
          </div>
        ) : null}
        {item.refunded_amount > 0 ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-stone-600">Refunded</dt>
            <dd className="font-medium">{formatJmd(item.refunded_amount)}</dd>
          </div>
        ) : null}
        {item.exchange_order ? (
          <div className="flex flex-wrap items-center gap-x-2">
            <dt className="text-stone-600">Exchange order</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <Link to={`/admin/orders/${item.exchange_order.id}`} className="font-medium underline underline-offset-2">
                {item.exchange_order.order_number}
              </Link>
              {formatJmd(item.exchange_order.total)}
              {/* The return carries only the payment; an exchange order is never a cancelled one when it is made. */}
              <PaymentStatusLabel order={{ status: 'processing', payment_status: item.exchange_order.payment_status }} />
            </dd>
          </div>
        ) : null}
      </dl>

      {moves.length > 0 ? (
        <form className="mt-4 space-y-3" onSubmit={receive} noValidate>
          {moves.includes('received') ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Put back in stock</legend>
              <p className="text-xs text-stone-600">Units that can be sold again; 0 for any that cannot.</p>
              {item.items.map((line) => (
                <TextField
                  key={line.id}
                  label={`Back in stock: ${lineLabel({ name: line.product_name, variant: variantText(line) })}`}
                  hint={`(of ${line.quantity})`}
                  inputMode="numeric"
                  value={restock[line.id] ?? ''}
                  maxLength={6}
                  className="max-w-sm"
                  error={restockErrors[line.id] ?? null}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setRestock((current) => ({ ...current, [line.id]: value }));
                  }}
                />
              ))}
            </fieldset>
          ) : null}
          <TextAreaField
            label="Note to the customer"
            hint="(optional)"
            value={note}
            maxLength={returnLimits.staffNoteLength}
            rows={2}
            error={failure.fields.note ?? null}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <div className="flex flex-wrap gap-2">
            {moves.includes('approved') ? (
              <button
                type="button"
                className={buttonClass('primary')}
                disabled={action.isPending}
                onClick={() => changeStatus('approved', `${item.return_number} approved.`)}
              >
                Approve
              </button>
            ) : null}
            {moves.includes('rejected') ? (
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={action.isPending}
                onClick={() => setConfirming('reject')}
              >
                Reject
              </button>
            ) : null}
            {moves.includes('received') ? (
              <button type="submit" className={buttonClass('primary')} disabled={action.isPending}>
                {action.isPending ? 'Saving...' : 'Mark received'}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}

      {canRefund ? (
        <form className="mt-4 space-y-3" onSubmit={askRefund} noValidate>
          <TextField
            label="Refund amount (JMD)"
            hint={`(at most ${formatJmd(item.refundable_amount)})`}
            inputMode="decimal"
            value={amount}
            maxLength={14}
            className="max-w-sm"
            error={amountError ?? failure.fields.amount ?? null}
            onChange={(event) => setAmount(event.currentTarget.value)}
          />
          <button type="submit" className={buttonClass('primary')} disabled={action.isPending}>
            {action.isPending ? 'Refunding...' : 'Refund'}
          </button>
        </form>
      ) : null}

      {canExchange ? (
        <div className="mt-4">
          <button type="button" className={buttonClass('primary')} disabled={action.isPending} onClick={() => setConfirming('exchange')}>
            {action.isPending ? 'Making the exchange...' : 'Make exchange'}
          </button>
        </div>
      ) : null}

      {failure.general ? <ErrorBox className="mt-3">{failure.general}</ErrorBox> : null}

      <ConfirmDialog
        open={confirming === 'reject'}
        title={`Reject ${item.return_number}?`}
        message="The customer is e-mailed that the return is not accepted, with your note. This cannot be undone."
        confirmLabel="Reject return"
        busyLabel="Saving..."
        busy={action.isPending}
        onConfirm={() => changeStatus('rejected', `${item.return_number} not accepted.`)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'refund'}
        title={`Refund ${item.return_number}?`}
        message={`The customer gets back ${refundText}, the way the order was paid. This cannot be undone.`}
        confirmLabel="Refund"
        busyLabel="Refunding..."
        busy={action.isPending}
        onConfirm={refund}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'exchange'}
        title={`Make the exchange for ${item.return_number}?`}
        message="A new order is made for the replacement sizes and colours. If they cost more than what came back, it waits for the customer to pay the difference."
        confirmLabel="Make exchange"
        busyLabel="Making the exchange..."
        busy={action.isPending}
        onConfirm={() => run({ kind: 'exchange' }, `Exchange made for ${item.return_number}.`)}
        onCancel={() => setConfirming(null)}
      />
    </li>
  );
}
