import { returnReasonWords, returnResolutionWords, returnStatusWords, variantText, type Return } from '@threadline/contracts';
import { useId } from 'react';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { formatOrderMoment } from './order-progress.tsx';

/** What the shop does next with a return, in the customer's words, by its status. */
const nextStep: Record<Return['status'], string> = {
  requested: 'The shop will look at your request and e-mail you.',
  approved: 'Approved: bring or send the items back to the shop. We will e-mail you once they arrive.',
  rejected: 'The shop could not accept this return. The e-mail we sent says why.',
  received: 'The shop has the items back and is finishing your return.',
  refunded: 'Refunded to the way you paid.',
  exchanged: 'Your replacement is on its way as a new order.',
};

/**
 * The order's returns: each with its number, status and what comes next, its items with the reason,
 * the replacement of an exchange, and the money given back. The same on the order's page and in the
 * account's orders.
 */
export function OrderReturns({ returns, headingLevel = 2 }: { returns: readonly Return[]; headingLevel?: 2 | 3 }) {
  const { format } = useCurrency();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading id={headingId} className={headingLevel === 2 ? 'text-lg font-semibold' : 'font-medium'}>
        Your returns
      </Heading>
      <ul className="space-y-3">
        {returns.map((entry) => (
          <li
            key={entry.id}
            aria-label={`Return ${entry.return_number}`}
            className="space-y-2 rounded-xl p-4 text-sm ring-1 ring-stone-200"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold break-all">{entry.return_number}</p>
              <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
                {returnStatusWords[entry.status]}
              </span>
            </div>
            <p className="text-stone-600">
              {returnResolutionWords[entry.resolution]} · asked{' '}
              <time dateTime={entry.created_at}>{formatOrderMoment(entry.created_at)}</time>
            </p>
            <ul className="space-y-1">
              {entry.items.map((item) => {
                const variant = variantText(item);
                const replacement = entry.exchange_for.find((line) => line.order_item_id === item.order_item_id);
                return (
                  <li key={item.id}>
                    {item.quantity} × {item.product_name}
                    {variant ? ` (${variant})` : ''}: {returnReasonWords[item.reason]}
                    {replacement ? (
                      <span className="block text-stone-600">
                        For: {variantText({ size: replacement.variant_size, color: replacement.variant_color }) || 'the same item'}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {entry.refunded_amount > 0 ? <p className="font-medium">Refunded {format(entry.refunded_amount)}</p> : null}
            {entry.exchange_order ? (
              <p>
                Replacement order <span className="font-semibold break-all">{entry.exchange_order.order_number}</span>
              </p>
            ) : null}
            <p className="text-stone-700">{nextStep[entry.status]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
