import { orderStatusWords, type Order } from '@threadline/contracts';
import { useId } from 'react';

const when = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Jamaica' });
/** A moment as shoppers in Kingston read it, on Jamaica's clock; the raw text if unreadable. */
export function formatOrderMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

/** What the history calls each status: the first one is the order being placed. */
const historyWord = (status: Order['status'], first: boolean) => (first ? 'Placed' : orderStatusWords[status]);

/**
 * Where the order is: its tracking number (a shipment's, once shipped) and every status it went
 * through with its date, oldest first. The same on the order's own page and in the account's list.
 */
export function OrderProgress({
  order,
  headingLevel = 2,
}: {
  order: Pick<Order, 'tracking_number' | 'status_history'>;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading id={headingId} className={headingLevel === 2 ? 'text-lg font-semibold' : 'font-medium'}>
        Order history
      </Heading>
      {order.tracking_number ? (
        <dl className="flex flex-wrap gap-x-2 text-sm">
          <dt className="text-stone-600">Tracking number</dt>
          <dd className="font-semibold break-all">{order.tracking_number}</dd>
        </dl>
      ) : null}
      <ol aria-label="Status changes" className="space-y-2 border-l-2 border-stone-200 pl-4 text-sm">
        {order.status_history.map((entry, index) => (
          <li key={index}>
            <span className="font-medium">{historyWord(entry.status, index === 0)}</span>{' '}
            <time dateTime={entry.created_at} className="text-stone-600">
              {formatOrderMoment(entry.created_at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
