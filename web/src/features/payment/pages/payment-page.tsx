import { mayStartCardPayment, messages, paysByCard, storeDetails, wasPaid, type Order } from '@threadline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { StepIndicator } from '@/components/ui/step-indicator.tsx';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { pageNoticeState } from '@/lib/page-notice.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { orderQueryKey, useOrder } from '@/lib/queries/orders.ts';
import { OrderLoadError } from '../components/order-load-error.tsx';
import { useStartCardPayment } from '../api/start-card-payment.ts';
import { useTestPayments } from '@/lib/queries/card-payment-config.ts';
import { leaveFor } from '../leave-for.ts';

const holdUntil = (expiresAt: string) => new Date(expiresAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/** SPEC §2 'Complete Payment': the order, then off to the card provider's secure page. */
export function PaymentPage() {
  usePageMeta({ title: 'Complete Payment', description: 'Pay for your order by card.' });
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);

  // An order in hand stays on screen even if refreshing it fails.
  if (order.data) return <PaymentDetails order={order.data} />;
  if (order.isError) return <OrderLoadError title="Payment Error" error={order.error} />;
  return <output className="block px-6 py-16 text-center text-stone-600">Loading payment details...</output>;
}

function PaymentDetails({ order }: { order: Order }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { format } = useCurrency();
  const start = useStartCardPayment();
  const cancel = useCancelOrder();
  // Back from the provider's Cancel: the order still holds its items until the shopper decides.
  const [search] = useSearchParams();
  const leftProvider = search.get('payment') === 'cancelled';
  // PowerTranz is never the built-in test provider: only a Stripe order pays on the test card page.
  const testPayments = useTestPayments() && order.payment_method === 'stripe';
  const provider = order.payment_method === 'powertranz' ? 'PowerTranz' : storeDetails.cardProvider;
  // The built-in test provider's page is not the card provider's: the page must not say it is.
  const destination = testPayments ? 'the test card page' : provider;
  const [problem, setProblem] = useState<string | null>(null);
  // The browser is on its way to the provider: the button stays busy until the page is gone.
  const [leaving, setLeaving] = useState(false);
  const busy = start.isPending || leaving || cancel.isPending;

  const proceed = () => {
    setProblem(null);
    if (!paysByCard(order.payment_method)) return;
    start.mutate(
      { orderId: String(order.id), method: order.payment_method },
      {
        onSuccess: (answer) => {
          if (!answer.success || !answer.checkout_url) {
            setProblem(answer.error || messages.paymentSessionFailed);
            return;
          }
          if (leaveFor(answer.checkout_url)) setLeaving(true);
          else setProblem(messages.paymentRedirectFailed);
        },
        onError: (error) => {
          const serverSaid = error instanceof ApiError && error.status >= 400 && error.status < 500;
          setProblem(serverSaid ? error.message : messages.paymentSessionFailed);
          // Paid meanwhile, or cancelled for want of payment: the page should say so.
          if (serverSaid) void queryClient.invalidateQueries({ queryKey: orderQueryKey(String(order.id)) });
        },
      },
    );
  };

  /** Gives the order up: its items go back into the cart, and the next page says so. */
  const giveUp = (landing: '/' | '/cart') => {
    setProblem(null);
    cancel.mutate(String(order.id), {
      onSuccess: async (answer) => {
        await navigate(landing, { state: pageNoticeState(answer.message) });
        // The cart, the stock on product pages and this order all changed.
        void queryClient.invalidateQueries();
      },
      onError: (error) => {
        const serverSaid = error instanceof ApiError && error.status >= 400 && error.status < 500;
        setProblem(serverSaid ? error.message : messages.orderCancelFailed);
        // Paid meanwhile: the page should say so.
        if (serverSaid) void queryClient.invalidateQueries({ queryKey: orderQueryKey(String(order.id)) });
      },
    });
  };

  // Never an order paid before (refunded since, in part or whole, included), never a cancelled one.
  const payable = mayStartCardPayment(order);
  // Back from the provider's Cancel, the choice comes first, where it is seen without scrolling.
  const actions = (
    <>
      {problem ? <ErrorBox>{problem}</ErrorBox> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={() => giveUp(leftProvider ? '/cart' : '/')} disabled={busy} className={buttonClass('secondary')}>
          {cancel.isPending ? 'Cancelling...' : leftProvider ? 'Back to cart' : 'Cancel & Go Home'}
        </button>
        <button type="button" onClick={proceed} disabled={busy} className={buttonClass('primary')}>
          {start.isPending || leaving ? `Redirecting to ${destination}...` : leftProvider ? 'Pay again' : 'Proceed to Payment'}
        </button>
      </div>
      <output className="sr-only">
        {start.isPending || leaving ? `Redirecting to ${destination}...` : cancel.isPending ? 'Cancelling...' : ''}
      </output>
    </>
  );

  return (
    <div className="space-y-6 px-5 py-8 sm:px-8">
      <StepIndicator steps={['Cart', 'Details', 'Payment']} current="Payment" done={['Cart', 'Details']} />
      <h1 className="text-3xl font-bold tracking-tight">Complete Payment</h1>
      {leftProvider && payable ? (
        <section
          aria-label="Payment cancelled"
          className="flex flex-col gap-4 rounded-xl bg-amber-50 p-5 text-sm text-amber-950 ring-1 ring-amber-200"
        >
          <p>{messages.paymentLeftUnpaid} Pay again, or go back to your cart to change your order.</p>
          {actions}
        </section>
      ) : null}
      <dl className="grid grid-cols-1 items-baseline gap-x-6 gap-y-1 rounded-xl bg-stone-50 p-5 text-sm ring-1 ring-stone-200 sm:grid-cols-[auto_1fr] sm:gap-y-3">
        <dt className="text-stone-600">Order number</dt>
        <dd className="mb-2 font-semibold sm:mb-0">{order.order_number}</dd>
        <dt className="text-stone-600">Total amount</dt>
        <dd className="mb-2 text-base font-semibold sm:mb-0">{format(order.total)}</dd>
        <dt className="text-stone-600">Customer</dt>
        <dd className="mb-2 sm:mb-0">{order.customer_name}</dd>
        <dt className="text-stone-600">Payment method</dt>
        <dd className="flex items-center gap-2">
          <CreditCard className="size-4 text-stone-500" aria-hidden="true" />
          {testPayments ? 'Card (test payment)' : `Card via ${provider}`}
        </dd>
      </dl>

      {wasPaid(order.payment_status) ? (
        <div className="space-y-3 rounded-xl bg-green-50 p-5 text-sm text-green-900 ring-1 ring-green-200">
          <p>
            {order.payment_status === 'COMPLETED' ? 'This order has already been paid. Thank you!' : messages.paymentAlreadyDoneRefunded}
          </p>
          <Link to={`/order-confirmation/${order.id}`} className={buttonClass('primary')}>
            View your order
          </Link>
        </div>
      ) : order.status === 'cancelled' ? (
        <div className="space-y-3 rounded-xl bg-stone-100 p-5 text-sm text-stone-800 ring-1 ring-stone-200">
          <p>{messages.paymentOrderCancelled}</p>
          <Link to="/shop" className={buttonClass('primary')}>
            Back to the shop
          </Link>
        </div>
      ) : !paysByCard(order.payment_method) ? (
        <div className="space-y-3 rounded-xl bg-stone-100 p-5 text-sm text-stone-800 ring-1 ring-stone-200">
          <p>
            {order.payment_method === 'bank_transfer'
              ? 'This order is paid by bank transfer, so there is nothing to pay by card. Its order page has the bank details and takes your proof of payment.'
              : `This order is paid in cash on ${order.shipping_method === 'pickup' ? 'pickup' : 'delivery'}, so there is nothing to pay by card.`}
          </p>
          <Link to={`/order-confirmation/${order.id}`} className={buttonClass('primary')}>
            View your order
          </Link>
        </div>
      ) : (
        <>
          <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-200">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="space-y-1">
              {testPayments ? (
                <p>
                  <strong>{messages.testPaymentNotice}</strong> You will be taken to this shop's test card page, which stands in for{' '}
                  {provider} and asks for no card details. Once you have pressed Pay, you will be returned here to see your order.
                </p>
              ) : (
                <p>
                  You will be redirected to {provider}'s secure payment page to enter your card details. Once you have paid, you will be
                  returned here to see your order.
                </p>
              )}
              {order.payment_status === 'FAILED' ? <p>Your last payment did not go through. You can try again.</p> : null}
              {order.expires_at ? (
                <p>We hold your items until {holdUntil(order.expires_at)}; unpaid orders are cancelled after that.</p>
              ) : null}
            </div>
          </div>
          {leftProvider ? null : actions}
        </>
      )}
    </div>
  );
}
