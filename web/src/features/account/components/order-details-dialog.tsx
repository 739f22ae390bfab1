import {
  awaitsTransfer,
  expectedByOf,
  lineLabel,
  messages,
  paymentMethodLabel,
  paymentState,
  paymentStateLabels,
  taxLabel,
  variantText,
} from '@threadline/contracts';
import type { Order } from '@threadline/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OrderProgress } from '@/components/order-progress.tsx';
import { OrderReturns } from '@/components/order-returns.tsx';
import { Dialog, DialogBody } from '@/components/ui/dialog.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { useOrderDetails } from '@/lib/queries/orders.ts';
import { useOrderReturns } from '@/lib/queries/returns.ts';
import { useStoreSettings, useTaxName } from '@/lib/queries/store-settings.ts';
import { formatOrderDate } from '../order-dates.ts';
import { orderDestination } from '../order-preview.ts';
import { OrderStatusBadge } from './order-status.tsx';
import { OrderThumbnail } from './order-thumbnail.tsx';

/** How the order is paid: cash is 'on pickup' for an order the customer collects. */

/** 'View Details' of SPEC §2: the order fetched in full, the list's copy shown meanwhile. */
export function OrderDetailsDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()} title={order ? `Order ${order.order_number}` : 'Order'}>
      {order ? <OrderDetails listed={order} /> : null}
    </Dialog>
  );
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-stone-200 pt-2 text-base font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-stone-600'}>{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

function OrderDetails({ listed }: { listed: Order }) {
  const { format } = useCurrency();
  const taxName = useTaxName();
  const details = useOrderDetails(listed);
  const order = details.data ?? listed;
  const destination = orderDestination(order, useStoreSettings().data?.pickup_points ?? []);
  const expected = expectedByOf(order);
  return (
    <DialogBody>
      <div className="space-y-5 text-sm">
        {details.isError ? <ErrorBox>{messages.orderDetailsLoadFailed}</ErrorBox> : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-stone-600">
            Placed {formatOrderDate(order.created_at)}
            {expected ? <span className="block font-medium text-emerald-800">{expected}</span> : null}
          </p>
          <OrderStatusBadge status={order.status} />
        </div>
        <ul className="divide-y divide-stone-200" aria-label="Items">
          {order.items.map((item) => {
            const label = lineLabel({ name: item.product_name, variant: variantText(item) });
            return (
              <li key={item.id} className="flex items-center gap-3 py-3">
                <OrderThumbnail src={item.product_image} alt="" className="size-12" />
                <p className="min-w-0 flex-1">
                  {item.quantity} × {label}
                </p>
                <span className="font-medium">{format(item.price)}</span>
              </li>
            );
          })}
        </ul>
        <dl className="space-y-1.5">
          <Row label="Subtotal">{format(order.subtotal)}</Row>
          {Number(order.discount_amount) > 0 ? <Row label="Discount">-{format(order.discount_amount)}</Row> : null}
          <Row label="Shipping">{format(order.shipping_cost)}</Row>
          {order.prices_include_tax ? null : <Row label={taxLabel(taxName, false)}>{format(order.tax_amount)}</Row>}
          <Row label="Total" strong>
            {format(order.total)}
          </Row>
          {order.prices_include_tax ? <Row label={taxLabel(taxName, true)}>{format(order.tax_amount)}</Row> : null}
          {order.invoice_number ? <Row label="Invoice number">{order.invoice_number}</Row> : null}
        </dl>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="font-medium">Payment</dt>
            <dd className="text-stone-600">
              {paymentMethodLabel(order)} · {awaitsTransfer(order) ? 'Awaiting bank transfer' : paymentStateLabels[paymentState(order)]}
              {order.refunded_amount > 0 ? ` (${format(order.refunded_amount)} refunded)` : ''}
            </dd>
            {awaitsTransfer(order) ? (
              <dd className="mt-1">
                <Link to={`/order-confirmation/${order.id}`} className="font-semibold underline underline-offset-4">
                  {order.payment_proofs.length > 0 ? 'Proof sent: view the order' : 'See the bank details and send your proof'}
                </Link>
              </dd>
            ) : null}
          </div>
          <div>
            <dt className="font-medium">{destination.collected ? 'Collect at' : 'Shipping address'}</dt>
            <dd className="text-stone-600">{destination.text}</dd>
          </div>
        </dl>
        {order.status_history.length > 0 ? <OrderProgress order={order} headingLevel={3} /> : null}
        <AccountOrderReturns order={order} />
      </div>
    </DialogBody>
  );
}

/** A delivered order's returns, and where to ask for one: the order's own page, which the e-mails link to as well. */
function AccountOrderReturns({ order }: { order: Order }) {
  const delivered = order.status === 'delivered';
  const returns = useOrderReturns(order.id, null, delivered);
  if (!delivered) return null;
  if (returns.isPending) return <output className="block text-stone-600">Loading your returns...</output>;
  if (returns.isError) return <ErrorBox>Your returns could not be loaded.</ErrorBox>;
  return (
    <div className="space-y-3">
      <OrderReturns returns={returns.data.results} headingLevel={3} />
      <Link to={`/order-confirmation/${order.id}#returns`} className="inline-block font-semibold underline underline-offset-4">
        Return or exchange items
      </Link>
    </div>
  );
}
