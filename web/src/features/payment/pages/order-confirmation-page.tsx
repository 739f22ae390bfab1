import {
  awaitsTransfer,
  expectedByOf,
  isCollected,
  pickupPointNamed,
  shippingMethodWords,
  mayStartCardPayment,
  messages,
  paymentMethodLabel,
  paysByCard,
  paymentState,
  taxLabel,
  postalAddress,
  storeDetails,
  variantText,
  wasPaid,
  type Order,
  type PaymentRefundReason,
  type StoreContact,
} from '@threadline/contracts';
import { CircleCheck, CircleX, Landmark, LoaderCircle, Package, Store, Truck } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { OrderProgress } from '@/components/order-progress.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useOrder } from '@/lib/queries/orders.ts';
import { useStoreSettings, useTaxName } from '@/lib/queries/store-settings.ts';
import { BankTransferPanel } from '../components/bank-transfer-panel.tsx';
import { OrderLoadError } from '../components/order-load-error.tsx';
import { OrderReturnsSection } from '../components/order-returns-section.tsx';
import { orderStatusBadge, paymentStatusBadge, StatusBadge } from '../components/status-badges.tsx';
import { usePaymentReturn, type PaymentReturnState } from '../hooks/use-payment-return.ts';

/** SPEC §2 order confirmation; on the return from the card provider it settles the payment first. */
export function OrderConfirmationPage() {
  usePageMeta({ title: 'Order Confirmation', description: 'Thank you for your order.' });
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const payment = usePaymentReturn(orderId, search.get('session_id'));
  const token = search.get('token');
  const order = useOrder(orderId, token);

  const settled = payment.state !== 'processing';
  // An order in hand stays on screen even if refreshing it fails.
  if (settled && order.data) {
    return (
      <Confirmation
        order={order.data}
        token={token}
        returnState={payment.state}
        refunded={payment.refunded}
        onCheckAgain={payment.checkAgain}
      />
    );
  }
  if (settled && order.isError) return <OrderLoadError title="Order Error" error={order.error} />;
  return (
    <output className="flex flex-col items-center gap-3 px-6 py-16 text-center text-stone-600">
      <LoaderCircle className="size-8 text-stone-400 motion-safe:animate-spin" aria-hidden="true" />
      {settled ? 'Loading your order...' : 'Processing your payment...'}
    </output>
  );
}

const refundMessages: Record<PaymentRefundReason, string> = {
  order_cancelled: messages.paymentRefundedOrderCancelled,
  already_paid: messages.paymentRefundedAlreadyPaid,
};

interface ConfirmationProps {
  order: Order;
  /** The order e-mail's link, which also lets a guest on another device send a proof of payment. */
  token: string | null;
  returnState: PaymentReturnState;
  refunded: PaymentRefundReason | null;
  onCheckAgain(): void;
}

/** What the page's heading says of the order: where it is now (entry 62). */
function headline(order: Order): { title: string; text: string; Icon: typeof CircleCheck; tone: string } {
  const pickup = isCollected(order.shipping_method);
  const done = 'bg-green-100 text-green-700';
  switch (order.status) {
    case 'cancelled':
      return {
        title: 'Order Cancelled',
        text: wasPaid(order.payment_status)
          ? 'This order was cancelled and your payment refunded.'
          : paysByCard(order.payment_method)
            ? messages.paymentOrderCancelled
            : order.payment_method === 'bank_transfer' && order.payment_status === 'FAILED'
              ? 'This order was cancelled: its bank transfer did not arrive in time. Nothing is due.'
              : 'This order was cancelled. Nothing is due.',
        Icon: CircleX,
        tone: 'bg-stone-100 text-stone-500',
      };
    case 'ready_for_pickup':
      return {
        title: 'Ready for Pickup',
        text:
          order.shipping_method === 'pickup'
            ? 'Your order is packed and waiting for you at our store.'
            : 'Your parcel is waiting for you at the pickup point you chose.',
        Icon: Store,
        tone: done,
      };
    case 'shipped':
      return { title: 'Order Shipped', text: 'Your order is on its way to you.', Icon: Truck, tone: done };
    case 'delivered':
      return pickup
        ? { title: 'Order Collected', text: 'You collected this order. Thank you for shopping with us!', Icon: Package, tone: done }
        : { title: 'Order Delivered', text: 'Your order was delivered. Thank you for shopping with us!', Icon: Package, tone: done };
    default:
      if (awaitsTransfer(order)) {
        return order.payment_proofs.length > 0
          ? {
              title: 'Proof of Payment Received',
              text: 'Thank you. We will confirm your bank transfer once it is in our account.',
              Icon: Landmark,
              tone: 'bg-yellow-100 text-yellow-800',
            }
          : {
              title: 'Awaiting Bank Transfer',
              text: 'Your order is placed and held for you. Pay by bank transfer to complete it.',
              Icon: Landmark,
              tone: 'bg-yellow-100 text-yellow-800',
            };
      }
      return {
        title: 'Order Confirmed!',
        text: 'Thank you for your purchase. Your order has been successfully placed.',
        Icon: CircleCheck,
        tone: done,
      };
  }
}

function Confirmation({ order, token, returnState, refunded, onCheckAgain }: ConfirmationProps) {
  const { format } = useCurrency();
  const status = orderStatusBadge(order.status);
  const payment = paymentStatusBadge(order);
  const head = headline(order);
  const expected = expectedByOf(order);
  return (
    <div className="space-y-8 px-5 py-8 sm:px-8">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className={`flex size-14 items-center justify-center rounded-full ${head.tone}`}>
          <head.Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">{head.title}</h1>
        <p className="max-w-md text-stone-600">{head.text}</p>
        {expected ? <p className="font-semibold text-emerald-800">{expected}</p> : null}
      </header>

      {refunded ? (
        <output className="block rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          {refundMessages[refunded]}
        </output>
      ) : null}

      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 rounded-xl bg-stone-50 p-5 text-sm ring-1 ring-stone-200">
        <dt className="text-stone-600">Order number</dt>
        <dd className="font-semibold break-all">{order.order_number}</dd>
        <dt className="text-stone-600">Order status</dt>
        <dd>
          <StatusBadge {...status} />
        </dd>
        <dt className="text-stone-600">Shipping method</dt>
        <dd>
          <ShippingLine order={order} />
        </dd>
        <dt className="text-stone-600">Payment method</dt>
        <dd>{paymentMethodLabel(order)}</dd>
        <dt className="text-stone-600">Payment status</dt>
        <dd>
          <StatusBadge {...payment} />
        </dd>
        <dt className="text-stone-600">Total amount</dt>
        <dd className="text-base font-semibold">{format(order.total)}</dd>
        {order.invoice_number ? (
          <>
            <dt className="text-stone-600">Invoice number</dt>
            <dd className="font-semibold">{order.invoice_number}</dd>
          </>
        ) : null}
        {order.refunded_amount > 0 ? (
          <>
            <dt className="text-stone-600">Refunded</dt>
            <dd className="font-semibold">{format(order.refunded_amount)}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="whats-next" className="space-y-3">
        <h2 id="whats-next" className="text-lg font-semibold">
          What's Next?
        </h2>
        <WhatsNext order={order} token={token} returnState={returnState} refunded={refunded} onCheckAgain={onCheckAgain} />
      </section>

      <OrderProgress order={order} />

      <OrderItems order={order} />

      <OrderReturnsSection order={order} token={token} />

      <nav aria-label="Where to next" className="grid gap-3 sm:grid-cols-2">
        <Link to="/" className={`${buttonClass('primary')} sm:col-span-2`}>
          Continue Shopping
        </Link>
        <Link to="/shop" className={buttonClass('secondary')}>
          Browse Products
        </Link>
        <Link to="/contact" className={buttonClass('secondary')}>
          Contact Support
        </Link>
      </nav>
    </div>
  );
}

/**
 * How the order reaches its customer: the method, and the pickup point it waits at. A delivery's
 * address is not repeated here: the order's summary says where it goes ("Delivering to").
 */
function ShippingLine({ order }: { order: Order }) {
  const collectPlace = useCollectPlace(order);
  const words = shippingMethodWords[order.shipping_method];
  return <>{order.pickup_point ? `${words}: collect at ${collectPlace}` : words}</>;
}

/** Where a collected order waits: the shop (pickup) or the pickup point chosen, once the settings are loaded. */
function useCollectPlace(order: Order): string {
  const settings = useStoreSettings().data;
  if (order.shipping_method === 'pickup') return settings ? `our store: ${postalAddress(settings.store)}` : 'our store';
  return pickupPointNamed(order.pickup_point, settings?.pickup_points ?? []);
}

const noteList = 'list-disc space-y-1.5 pl-5 text-sm text-stone-700 marker:text-stone-400';

/** The store as the owner set it, once loaded: where a pickup order is collected, and when. */
function useStore(): StoreContact | null {
  return useStoreSettings().data?.store ?? null;
}

/** Where a pickup order is collected: the store's street and town as the owner set them, once loaded. */
function usePickupPlace(): string | null {
  const store = useStore();
  return store ? `${store.street}, ${store.city}` : null;
}

/** What happens to the goods next, once nothing more is to be paid now (paid, or cash on pickup or delivery). */
function FulfilmentNotes({ order, cashDue }: { order: Order; cashDue: boolean }) {
  const { format } = useCurrency();
  const store = useStore();
  const place = useCollectPlace(order);
  const pickup = isCollected(order.shipping_method);
  const cash = cashDue ? ` Please have ${format(order.total)} in cash ready.` : '';
  switch (order.status) {
    case 'ready_for_pickup':
      return (
        <ul className={noteList}>
          <li>
            Your order is ready. Collect it at {place}.{cash}
          </li>
          {store && order.shipping_method === 'pickup' ? (
            <li>Opening hours: {store.hours.map((line) => `${line.days} ${line.hours}`).join('; ')}.</li>
          ) : null}
          <li>Bring your order number, {order.order_number}.</li>
        </ul>
      );
    case 'shipped':
      return (
        <ul className={noteList}>
          <li>Your order is on its way.{order.tracking_number ? ` Its tracking number is ${order.tracking_number}.` : ''}</li>
          {cashDue ? <li>You pay {format(order.total)} in cash when it is delivered.</li> : null}
        </ul>
      );
    case 'delivered':
      return (
        <p className="text-sm text-stone-700">
          {pickup ? 'You collected this order.' : 'This order was delivered.'} Questions about it? Contact Support below.
        </p>
      );
    default:
      return null;
  }
}

function WhatsNext({ order, token, returnState, refunded, onCheckAgain }: ConfirmationProps) {
  const { format } = useCurrency();
  const pickup = isCollected(order.shipping_method);
  const pickupPlace = usePickupPlace();
  const collectPlace = useCollectPlace(order);
  const state = paymentState(order);
  if (order.status === 'cancelled') {
    return (
      <p className="text-sm text-stone-700">
        {refunded || wasPaid(order.payment_status) ? 'Your payment was given back' : 'Nothing was charged'} and the items went back on the
        shelf.{' '}
        <Link to="/shop" className="font-semibold underline underline-offset-4">
          Shop again
        </Link>
      </p>
    );
  }
  if (state === 'refunded' || state === 'partly_refunded') {
    const back = paysByCard(order.payment_method)
      ? 'It goes back to your card; banks take a few days to show it.'
      : order.payment_method === 'bank_transfer'
        ? 'We send it back to your bank account as agreed.'
        : 'We hand it back to you as agreed.';
    return (
      <div className="space-y-3 text-sm text-stone-700">
        <p>
          {state === 'refunded'
            ? `Your payment of ${format(order.refunded_amount)} was refunded in full. ${back} Nothing is due.`
            : `${format(order.refunded_amount)} of your payment was refunded. ${back} Nothing more is due.`}
        </p>
        <FulfilmentNotes order={order} cashDue={false} />
      </div>
    );
  }
  if (order.status !== 'pending' && order.status !== 'processing' && (state === 'paid' || order.payment_method === 'cash_on_delivery')) {
    return <FulfilmentNotes order={order} cashDue={state === 'due'} />;
  }
  if (state === 'paid') {
    return (
      <ul className={noteList}>
        <li>Your payment has been confirmed and your order is being processed.</li>
        <li>You will receive a confirmation e-mail with your order details{pickup ? '' : ' and tracking information'}.</li>
        <li>
          {pickup
            ? 'Your order will be prepared for pickup within 1-2 business days; we will e-mail you when it is ready to collect.'
            : 'Your order will be prepared and shipped within 1-2 business days.'}
        </li>
      </ul>
    );
  }
  if (order.payment_method === 'cash_on_delivery') {
    return (
      <ul className={noteList}>
        <li>
          {pickup
            ? order.shipping_method === 'pickup'
              ? `You pay in cash when you collect your order at our store${pickupPlace ? `, ${pickupPlace}` : ''}.`
              : `You pay in cash when you collect your order at ${collectPlace}.`
            : 'You pay in cash when your order is delivered.'}
        </li>
        <li>You will receive a confirmation e-mail with your order details.</li>
        <li>
          {pickup
            ? 'Your order will be prepared for pickup within 1-2 business days; we will e-mail you when it is ready to collect.'
            : 'Your order will be prepared and shipped within 1-2 business days.'}
        </li>
      </ul>
    );
  }
  if (awaitsTransfer(order)) return <BankTransferPanel order={order} token={token} />;
  // Only an unpaid card order that can still be paid offers to pay (never one paid before, never a cancelled one).
  if (!mayStartCardPayment(order)) return null;
  if (state === 'failed') {
    return (
      <p className="text-sm text-stone-700">
        Your card payment did not go through, so your order is on hold.{' '}
        <Link to={`/payment/${order.id}`} className="font-semibold underline underline-offset-4">
          Try paying again
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3 text-sm text-stone-700">
      <p>Payment is pending. Your order will be processed once payment is confirmed.</p>
      {returnState === 'waiting' ? (
        <>
          <p>{storeDetails.cardProvider} has not confirmed your payment yet. This can take a minute; there is no need to pay again.</p>
          <button type="button" onClick={onCheckAgain} className={buttonClass('secondary')}>
            Check again
          </button>
        </>
      ) : (
        <Link to={`/payment/${order.id}`} className={buttonClass('primary')}>
          Complete Payment
        </Link>
      )}
    </div>
  );
}

function OrderItems({ order }: { order: Order }) {
  const { format } = useCurrency();
  const pickupPlace = usePickupPlace();
  const collectPlace = useCollectPlace(order);
  const taxName = useTaxName();
  return (
    <section aria-labelledby="order-items" className="space-y-3">
      <h2 id="order-items" className="text-lg font-semibold">
        Your Order
      </h2>
      <ul className="divide-y divide-stone-200 rounded-xl ring-1 ring-stone-200">
        {order.items.map((item) => {
          const variant = variantText(item);
          return (
            <li key={item.id} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{item.product_name}</p>
                {variant ? <p className="text-stone-600">{variant}</p> : null}
                <p className="text-stone-600">Qty {item.quantity}</p>
              </div>
              <span className="shrink-0 font-medium">{format(item.price)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Shipping</dt>
          <dd>{format(order.shipping_cost)}</dd>
        </div>
        {order.discount_amount > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">Discount</dt>
            <dd>{format(-order.discount_amount)}</dd>
          </div>
        ) : null}
        {order.tax_amount > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">{taxLabel(taxName, order.prices_include_tax)}</dt>
            <dd>{format(order.tax_amount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-stone-600">{isCollected(order.shipping_method) ? 'Pickup at' : 'Delivering to'}</dt>
          <dd className="text-right">
            {order.shipping_method === 'pickup'
              ? (pickupPlace ?? 'Our store')
              : order.pickup_point
                ? collectPlace
                : order.shipping_address_text}
          </dd>
        </div>
      </dl>
    </section>
  );
}
