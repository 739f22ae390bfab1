import { messages, type Order } from '@threadline/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { pageNoticeOf } from '@/lib/page-notice.ts';
import { leaveFor } from '../leave-for.ts';
import { orderFixture } from '../order-fixture.ts';
import { PaymentPage } from './payment-page.tsx';

vi.mock('../leave-for.ts', () => ({ leaveFor: vi.fn<(url: string) => boolean>(() => true) }));

function Landing() {
  const location = useLocation();
  return (
    <>
      <h1>Landed on {location.pathname}</h1>
      <p>{pageNoticeOf(location.state)}</p>
    </>
  );
}

const pages = [
  { path: 'payment/:orderId', Component: PaymentPage },
  { path: '*', Component: Landing },
];

function stubPayment(
  order: Order | Response,
  startSession: () => unknown = () => ({ success: true, checkout_url: 'https://pay.example/cs_1' }),
  testPayments = false,
) {
  return stubApi([
    [/^\/api\/orders\/payment\/stripe\/config\/$/, () => ({ test_payments: testPayments })],
    [/^\/api\/orders\/order\/7\/$/, () => order],
    [/^\/api\/orders\/payment\/stripe\/7\/$/, startSession],
  ]);
}

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
  vi.mocked(leaveFor).mockClear().mockReturnValue(true);
});

describe('payment page', () => {
  it('shows the order and leaves for the provider on Proceed to Payment', async () => {
    const user = userEvent.setup();
    const fetchMock = stubPayment(orderFixture());
    renderShop(pages, { path: '/payment/7' });

    expect(screen.getByText('Loading payment details...')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Payment' })).toBeVisible();
    const steps = screen.getByRole('list', { name: 'Progress' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['✓Cart', '✓Details', '3Payment']);
    for (const text of ['TL-261122-ABCDE', 'J$11,910.00', 'Ayesha Campbell', 'Card via Stripe'])
      expect(screen.getByText(text)).toBeVisible();
    expect(screen.getByText(/redirected to Stripe's secure payment page/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    expect(vi.mocked(leaveFor)).toHaveBeenCalledWith('https://pay.example/cs_1');
    expect(await screen.findByRole('button', { name: 'Redirecting to Stripe...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel & Go Home' })).toBeDisabled();
    expect(requestedPaths(fetchMock, '/api/orders/payment/stripe/7/')).toEqual(['/api/orders/payment/stripe/7/']);
  });

  it('opens PowerTranz for a PowerTranz order, never the test card page', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([
      [/^\/api\/orders\/payment\/stripe\/config\/$/, () => ({ test_payments: true })],
      [/^\/api\/orders\/order\/7\/$/, () => orderFixture({ payment_method: 'powertranz' })],
      [
        /^\/api\/orders\/payment\/powertranz\/7\/$/,
        () => ({ success: true, checkout_url: 'https://threadline.test/payment-pages/powertranz/0f8e1c6a-2b1d-4c55-9d57-8a2b8c1e0f11/' }),
      ],
    ]);
    renderShop(pages, { path: '/payment/7' });
    expect(await screen.findByText('Card via PowerTranz')).toBeVisible();
    expect(screen.queryByText(/test payment/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    expect(vi.mocked(leaveFor)).toHaveBeenCalledWith(
      'https://threadline.test/payment-pages/powertranz/0f8e1c6a-2b1d-4c55-9d57-8a2b8c1e0f11/',
    );
    expect(await screen.findByRole('button', { name: 'Redirecting to PowerTranz...' })).toBeDisabled();
    expect(requestedPaths(fetchMock, '/api/orders/payment/powertranz/7/')).toEqual(['/api/orders/payment/powertranz/7/']);
  });

  it('says a card payment on the test card page takes no money, and never that it is Stripe', async () => {
    const user = userEvent.setup();
    stubPayment(orderFixture(), undefined, true);
    renderShop(pages, { path: '/payment/7' });

    expect(await screen.findByText('Card (test payment)')).toBeVisible();
    expect(screen.getByText(messages.testPaymentNotice)).toBeVisible();
    expect(screen.getByText(/taken to this shop's test card page, which stands in for Stripe/)).toBeVisible();
    expect(screen.queryByText('Card via Stripe')).not.toBeInTheDocument();
    expect(screen.queryByText(/Stripe's secure payment page/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('button', { name: 'Redirecting to the test card page...' })).toBeDisabled();
  });

  it('says so when the session cannot be made or the browser cannot leave', async () => {
    const user = userEvent.setup();
    const answers: (() => unknown)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ({ success: true, checkout_url: 'javascript:alert(1)' }),
    ];
    stubPayment(orderFixture(), () => answers.shift()?.());
    vi.mocked(leaveFor).mockReturnValue(false);
    renderShop(pages, { path: '/payment/7' });

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create Stripe checkout session');

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Failed to redirect to Stripe checkout')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  });

  it('cancels the order on Cancel & Go Home and says at home that the items are back in the cart', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => orderFixture()],
      [
        /^\/api\/orders\/7\/cancel\/$/,
        () => ({
          success: true,
          message: messages.orderCancelledByShopper,
          order: orderFixture({ status: 'cancelled', payment_status: 'FAILED' }),
        }),
      ],
    ]);
    renderShop(pages, { path: '/payment/7' });
    await user.click(await screen.findByRole('button', { name: 'Cancel & Go Home' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeVisible();
    expect(screen.getByText(messages.orderCancelledByShopper)).toBeVisible();
    expect(requestedPaths(fetchMock, '/api/orders/7/cancel/')).toEqual(['/api/orders/7/cancel/']);
  });

  it("back from the provider's Cancel, says nothing was charged and offers Pay again", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => orderFixture()],
      [/^\/api\/orders\/payment\/stripe\/7\/$/, () => ({ success: true, checkout_url: 'https://pay.example/cs_2' })],
      [
        /^\/api\/orders\/7\/cancel\/$/,
        () => ({
          success: true,
          message: messages.orderCancelledByShopper,
          order: orderFixture({ status: 'cancelled', payment_status: 'FAILED' }),
        }),
      ],
    ]);
    renderShop(pages, { path: '/payment/7?payment=cancelled' });
    expect(await screen.findByText(new RegExp(messages.paymentLeftUnpaid.replace(/[.,]/g, '\\$&')))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel & Go Home' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(vi.mocked(leaveFor)).toHaveBeenCalledWith('https://pay.example/cs_2');
    expect(requestedPaths(fetchMock, '/api/orders/7/cancel/')).toEqual([]);
  });

  it('gives the order up on Back to cart, and says so on the cart page', async () => {
    const user = userEvent.setup();
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => orderFixture()],
      [
        /^\/api\/orders\/7\/cancel\/$/,
        () => ({
          success: true,
          message: messages.orderCancelledByShopper,
          order: orderFixture({ status: 'cancelled', payment_status: 'FAILED' }),
        }),
      ],
    ]);
    renderShop(pages, { path: '/payment/7?payment=cancelled' });
    await user.click(await screen.findByRole('button', { name: 'Back to cart' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /cart' })).toBeVisible();
    expect(screen.getByText(messages.orderCancelledByShopper)).toBeVisible();
  });

  it('stays and says why when the order was paid before the cancel', async () => {
    const user = userEvent.setup();
    const orders = [orderFixture(), orderFixture({ payment_status: 'COMPLETED', status: 'processing' })];
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => orders.shift() ?? orderFixture({ payment_status: 'COMPLETED', status: 'processing' })],
      [/^\/api\/orders\/7\/cancel\/$/, () => json({ error: messages.paymentAlreadyDone }, 409)],
    ]);
    renderShop(pages, { path: '/payment/7' });
    await user.click(await screen.findByRole('button', { name: 'Cancel & Go Home' }));
    expect(await screen.findByText('This order has already been paid. Thank you!')).toBeVisible();
  });

  it('links a paid order to its confirmation instead of offering payment', async () => {
    stubPayment(orderFixture({ payment_status: 'COMPLETED', status: 'processing' }));
    renderShop(pages, { path: '/payment/7' });
    expect(await screen.findByText('This order has already been paid. Thank you!')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', '/order-confirmation/7');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
  });

  it.each(['PARTIALLY_REFUNDED', 'REFUNDED'] as const)(
    'never offers to pay a %s order again, even back from the provider',
    async (paymentStatus) => {
      stubPayment(orderFixture({ payment_status: paymentStatus, status: 'processing', refunded_amount: 1000 }));
      renderShop(pages, { path: '/payment/7?payment=cancelled' });
      expect(await screen.findByText(messages.paymentAlreadyDoneRefunded)).toBeVisible();
      expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', '/order-confirmation/7');
      expect(screen.queryByRole('button', { name: /Proceed to Payment|Pay again/ })).not.toBeInTheDocument();
    },
  );

  it('says a cancelled order can no longer be paid', async () => {
    stubPayment(orderFixture({ status: 'cancelled' }));
    renderShop(pages, { path: '/payment/7' });
    expect(await screen.findByText('This order was cancelled because it was not paid in time.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
  });

  it('shows the server reason when it refuses the session, and the order as it now is', async () => {
    const user = userEvent.setup();
    const orders = [orderFixture(), orderFixture({ payment_status: 'COMPLETED', status: 'processing' })];
    stubApi([
      [/^\/api\/orders\/order\/7\/$/, () => orders.shift() ?? orderFixture({ payment_status: 'COMPLETED', status: 'processing' })],
      [/^\/api\/orders\/payment\/stripe\/7\/$/, () => json({ error: 'This order has already been paid.' }, 409)],
    ]);
    renderShop(pages, { path: '/payment/7' });
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('This order has already been paid. Thank you!')).toBeVisible();
  });

  it("shows 'Payment Error' when the order cannot be loaded", async () => {
    const user = userEvent.setup();
    stubPayment(json({ error: 'Order not found.' }, 404));
    renderShop(pages, { path: '/payment/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Error' })).toBeVisible();
    expect(screen.getByText('Failed to load order details')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Return Home' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeVisible();
  });
});
