import { expectedByOf, paymentStatusLabels, type Order } from '@threadline/contracts';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { formatOrderDate } from '../order-dates.ts';
import { orderAgainPath, orderPreview } from '../order-preview.ts';
import { OrderStatusBadge } from './order-status.tsx';
import { OrderThumbnail } from './order-thumbnail.tsx';

/** One order in the list of SPEC §2: status, number, date, total, items and where it goes. */
export function OrderCard({ order, onViewDetails }: { order: Order; onViewDetails(): void }) {
  const { format } = useCurrency();
  const titleId = useId();
  const preview = orderPreview(order, useStoreSettings().data?.pickup_points ?? []);
  const count = order.item_count;
  const expected = expectedByOf(order);
  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-2xl p-5 ring-1 ring-stone-200 ring-inset sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-0.5">
          <h2 id={titleId} className="font-semibold">
            Order {order.order_number}
          </h2>
          <p className="text-sm text-stone-600">Placed {formatOrderDate(order.created_at)}</p>
          {expected ? <p className="text-sm font-medium text-emerald-800">{expected}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          {order.payment_status === 'REFUNDED' || order.payment_status === 'PARTIALLY_REFUNDED' ? (
            <span className="inline-flex items-center rounded-full bg-stone-100 px-3 py-1 text-xs font-semibold text-stone-800 ring-1 ring-stone-300 ring-inset">
              {paymentStatusLabels[order.payment_status]}
            </span>
          ) : null}
        </div>
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-stone-500">Total</dt>
          <dd className="font-semibold">{format(order.total)}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Items</dt>
          <dd className="font-semibold">
            {count} {count === 1 ? 'item' : 'items'}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-stone-500">{preview.collected ? 'Collect at' : 'Ship to'}</dt>
          <dd className="flex items-center gap-1 font-medium" title={preview.address}>
            <MapPin className="size-3.5 shrink-0 text-stone-400" aria-hidden="true" />
            {preview.address}
          </dd>
        </div>
      </dl>
      <div className="flex items-center gap-3">
        <div className="flex -space-x-2">
          {preview.images.map((image, index) => (
            <OrderThumbnail key={index} src={image.src} alt={image.alt} className="size-12 ring-2 ring-white" />
          ))}
        </div>
        <p className="min-w-0 text-sm text-stone-700">{preview.names}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          onClick={onViewDetails}
          className={buttonClass('secondary')}
          aria-label={`View Details of order ${order.order_number}`}
        >
          View Details
        </button>
        {order.status === 'delivered' ? (
          <Link to={orderAgainPath(order)} className={buttonClass('primary')}>
            Order Again
          </Link>
        ) : null}
      </div>
    </article>
  );
}
