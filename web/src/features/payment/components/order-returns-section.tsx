import {
  returnLimits,
  returnMessages,
  returnReasons,
  returnReasonWords,
  returnResolutionWords,
  returnWindowEnds,
  variantText,
  type Order,
  type Return,
  type ReturnReason,
  type ReturnResolution,
} from '@threadline/contracts';
import { useState, type FormEvent } from 'react';
import { OrderReturns } from '@/components/order-returns.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { RadioCards } from '@/components/ui/radio-cards.tsx';
import { SelectField, TextAreaField } from '@/components/ui/text-field.tsx';
import { useOrderReturns, useProductVariants, useRequestReturn } from '@/lib/queries/returns.ts';

const longDate = new Intl.DateTimeFormat('en-JM', { dateStyle: 'long', timeZone: 'America/Jamaica' });

/** When the order was delivered (its last change to delivered), or null while it is not. */
function deliveredAt(order: Order): Date | null {
  if (order.status !== 'delivered') return null;
  const entry = order.status_history.findLast((change) => change.status === 'delivered');
  return entry ? new Date(entry.created_at) : null;
}

/** The units of each order line that may still be asked back: bought, less those in returns not turned down. */
function unitsLeft(order: Order, returns: readonly Return[]): Map<number, number> {
  const left = new Map(order.items.map((item) => [item.id, item.quantity]));
  for (const entry of returns) {
    if (entry.status === 'rejected') continue;
    for (const item of entry.items) left.set(item.order_item_id, (left.get(item.order_item_id) ?? 0) - item.quantity);
  }
  return left;
}

/**
 * Returns and exchanges on the order's page (KINGSTON.md §7, SPEC.md's return policy): once the order
 * is delivered, its returns so far and, for 14 days, a request for another.
 */
export function OrderReturnsSection({ order, token }: { order: Order; token: string | null }) {
  const delivered = deliveredAt(order);
  const returns = useOrderReturns(order.id, token, delivered !== null);
  // The moment the page was opened: the window is told as it was then (the server decides at the request).
  const [openedAt] = useState(() => Date.now());
  if (!delivered) return null;
  const openUntil = returnWindowEnds(delivered);
  const open = openedAt < openUntil.getTime();
  return (
    <section aria-labelledby="returns" className="space-y-3">
      <h2 id="returns" className="text-lg font-semibold">
        Returns and exchanges
      </h2>
      {returns.isPending ? (
        <output className="block text-sm text-stone-600">Loading your returns...</output>
      ) : returns.isError ? (
        <ErrorBox>
          <p>Your returns could not be loaded.</p>
          <button type="button" className="font-semibold underline" onClick={() => void returns.refetch()}>
            Try again
          </button>
        </ErrorBox>
      ) : (
        <>
          <OrderReturns returns={returns.data.results} headingLevel={3} />
          {open ? (
            <ReturnRequest order={order} token={token} left={unitsLeft(order, returns.data.results)} openUntil={openUntil} />
          ) : (
            <p className="text-sm text-stone-700">
              {returnMessages.windowClosed} This order was delivered on {longDate.format(delivered)}.
            </p>
          )}
        </>
      )}
    </section>
  );
}

interface Line {
  quantity: number;
  reason: ReturnReason | '';
  /** The variant wanted instead, as "size|colour", for an exchange. */
  replacement: string;
}

const replacementKey = (size: string | null, color: string | null) => `${size ?? ''}|${color ?? ''}`;

function ReturnRequest({
  order,
  token,
  left,
  openUntil,
}: {
  order: Order;
  token: string | null;
  left: Map<number, number>;
  openUntil: Date;
}) {
  const [opened, setOpened] = useState(false);
  const [lines, setLines] = useState<Record<number, Line>>({});
  const [resolution, setResolution] = useState<ReturnResolution>('refund');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<Return | null>(null);
  const request = useRequestReturn(order.id, token);
  const returnable = order.items.filter((item) => (left.get(item.id) ?? 0) > 0);
  const lineOf = (id: number): Line => lines[id] ?? { quantity: 0, reason: '', replacement: '' };
  const setLine = (id: number, change: Partial<Line>) => setLines((current) => ({ ...current, [id]: { ...lineOf(id), ...change } }));
  const chosen = returnable.filter((item) => lineOf(item.id).quantity > 0);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (chosen.length === 0) return setProblem('Choose at least one item to return.');
    if (chosen.some((item) => lineOf(item.id).reason === '')) return setProblem('Say why each item is coming back.');
    if (resolution === 'exchange' && chosen.some((item) => lineOf(item.id).replacement === ''))
      return setProblem(returnMessages.exchangeNeeded);
    try {
      const made = await request.mutateAsync({
        items: chosen.map((item) => ({
          order_item_id: item.id,
          quantity: lineOf(item.id).quantity,
          reason: lineOf(item.id).reason as ReturnReason,
        })),
        resolution,
        exchange_for:
          resolution === 'exchange'
            ? chosen.map((item) => {
                const [size = '', color = ''] = lineOf(item.id).replacement.split('|');
                return { order_item_id: item.id, variant_size: size || null, variant_color: color || null };
              })
            : [],
        note: note.trim(),
      });
      setSent(made);
      setOpened(false);
      setLines({});
      setNote('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Your return could not be sent. Please try again.');
    }
  }

  return (
    <div className="space-y-3">
      {sent ? (
        <output className="block rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">
          Return {sent.return_number} requested. We will e-mail you once the shop has looked at it.
        </output>
      ) : null}
      {returnable.length === 0 ? (
        <p className="text-sm text-stone-700">Every item of this order is in a return already.</p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            You can return or exchange items until {longDate.format(openUntil)} ({returnLimits.windowDays} days from delivery).
          </p>
          {opened ? null : (
            <button type="button" className={buttonClass('secondary')} onClick={() => setOpened(true)}>
              Return or exchange items
            </button>
          )}
        </>
      )}
      {opened && returnable.length > 0 ? (
        <form
          aria-label="Return or exchange"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-5 rounded-xl p-4 ring-1 ring-stone-200"
        >
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-stone-900">What is coming back?</legend>
            {returnable.map((item) => {
              const variant = variantText(item);
              const name = variant ? `${item.product_name} (${variant})` : item.product_name;
              const line = lineOf(item.id);
              return (
                <div key={item.id} className="grid gap-3 sm:grid-cols-2">
                  <SelectField
                    label={`How many ${name}`}
                    value={String(line.quantity)}
                    onChange={(event) => setLine(item.id, { quantity: Number(event.currentTarget.value) })}
                  >
                    {Array.from({ length: (left.get(item.id) ?? 0) + 1 }, (_, count) => (
                      <option key={count} value={count}>
                        {count === 0 ? 'None' : count}
                      </option>
                    ))}
                  </SelectField>
                  {line.quantity > 0 ? (
                    <SelectField
                      label={`Why ${item.product_name} is coming back`}
                      value={line.reason}
                      onChange={(event) => setLine(item.id, { reason: event.currentTarget.value as ReturnReason | '' })}
                    >
                      <option value="">Choose a reason</option>
                      {returnReasons.map((reason) => (
                        <option key={reason} value={reason}>
                          {returnReasonWords[reason]}
                        </option>
                      ))}
                    </SelectField>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <RadioCards<ReturnResolution>
            legend="What would you like?"
            name={`return-resolution-${order.id}`}
            options={[
              {
                value: 'refund',
                label: returnResolutionWords.refund,
                description: 'To the way you paid, once the shop has the items back.',
              },
              { value: 'exchange', label: returnResolutionWords.exchange, description: 'The same item in the size or colour you choose.' },
            ]}
            value={resolution}
            onChange={setResolution}
          />
          {resolution === 'exchange'
            ? chosen.map((item) => (
                <ReplacementChoice
                  key={item.id}
                  productId={item.product_id}
                  name={item.product_name}
                  value={lineOf(item.id).replacement}
                  onChange={(replacement) => setLine(item.id, { replacement })}
                />
              ))
            : null}
          <TextAreaField
            label="Anything the shop should know?"
            hint="(optional)"
            maxLength={returnLimits.noteLength}
            rows={3}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {problem ? <ErrorBox>{problem}</ErrorBox> : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass('primary')} disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Request return'}
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={() => setOpened(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** The size and colour wanted instead of a returned item: those the product is sold in, sold-out ones shown but not offered. */
function ReplacementChoice({
  productId,
  name,
  value,
  onChange,
}: {
  productId: number | null;
  name: string;
  value: string;
  onChange(replacement: string): void;
}) {
  const variants = useProductVariants(productId);
  if (productId === null) return <p className="text-sm text-stone-700">{name} is no longer sold: choose money back for it.</p>;
  if (variants.isPending) return <output className="block text-sm text-stone-600">Loading the sizes of {name}...</output>;
  if (variants.isError)
    return (
      <ErrorBox>
        <p>The sizes of {name} could not be loaded.</p>
        <button type="button" className="font-semibold underline" onClick={() => void variants.refetch()}>
          Try again
        </button>
      </ErrorBox>
    );
  return (
    <SelectField label={`${name} instead in`} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
      <option value="">Choose a size and colour</option>
      {variants.data.map((variant) => (
        <option key={variant.id} value={replacementKey(variant.size, variant.color)} disabled={variant.stock <= 0}>
          {variantText(variant) || 'One size'}
          {variant.stock <= 0 ? ' (sold out)' : ''}
        </option>
      ))}
    </SelectField>
  );
}
