import { defaultStoreSettings, messages, type Order, type PaymentStatus } from '@threadline/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { orderFixture } from '../order-fixture.ts';
import { OrderConfirmationPage } from './order-confirmation-page.tsx';

const pages = [{ path: 'order-confirmation/:orderId', Component: OrderConfirmationPage }];

const badge = (term: string) => {
  const value = screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${term}`);
  const shown = within(value).getByText(/\S/);
  return { text: shown.textContent, tone: shown.getAttribute('data-tone') };
};

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});

describe('order confirmation', () => {
  it('confirms a cash order: pending badges, how payment works, and the ways on', async () => {
    stubApi([[/^\/api\/orders\/order\/7\/$/, () => orderFixture({ payment_method: 'cash_on_delivery', expires_at: null })]]);
    renderShop(pages, { path: '/order-confirmation/7' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    expect(screen.getByText('Thank you for your purchase. Your order has been successfully placed.')).toBeVisible();
    expect(screen.getByText('TL-261122-ABCDE')).toBeVisible();
    expect(badge('Order status')).toEqual({ text: 'PENDING', tone: 'yellow' });
    expect(badge('Payment status')).toEqual({ text: 'Pending', tone: 'yellow' });
    expect(screen.getByText('J$11,910.00')).toBeVisible();
    const next = screen.getByRole('region', { name: "What's Next?" });
    expect(next).toHaveTextContent('You pay in cash when your order is delivered.');
    expect(next).not.toHaveTextContent('Payment is pending.');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });

  it('tells a pickup order where to collect it and pay: the store where the owner set it', async () => {
    const moved = { ...defaultStoreSettings.store, street: '7 Harbour Street', city: 'Half Way Tree' };
    stubApi([
      [
        /^\/api\/orders\/order\/7\/$/,
        () => orderFixture({ payment_method: 'cash_on_delivery', shipping_method: 'pickup', expires_at: null }),
      ],
      [/^\/api\/store\/$/, () => ({ ...defaultStoreSettings, store: moved })],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    const next = await screen.findByRole('region', { name: "What's Next?" });
    await waitFor(() =>
      expect(next).toHaveTextContent('You pay in cash when you collect your order at our store, 7 Harbour Street, Half Way Tree.'),
    );
    expect(screen.getByText('Pickup at', { selector: 'dt' }).nextElementSibling).toHaveTextContent('7 Harbour Street, Half Way Tree');
    expect(screen.queryByText(defaultStoreSettings.store.street, { exact: false })).toBeNull();
  });

  it('shows a paid order as confirmed with the three notes', async () => {
    stubApi([[/^\/api\/orders\/order\/7\/$/, () => orderFixture({ status: 'processing', payment_status: 'COMPLETED' })]]);
    renderShop(pages, { path: '/order-confirmation/7' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    expect(badge('Order status')).toEqual({ text: 'PROCESSING', tone: 'green' });
    expect(badge('Payment status')).toEqual({ text: 'Paid', tone: 'green' });
    const notes = within(screen.getByRole('region', { name: "What's Next?" })).getAllByRole('listitem');
    expect(notes.map((note) => note.textContent)).toEqual([
      'Your payment has been confirmed and your order is being processed.',
      'You will receive a confirmation e-mail with your order details and tracking information.',
      'Your order will be prepared and shipped within 1-2 business days.',
    ]);
  });

  it.each<[Partial<Order>, { text: string; tone: string }, { text: string; tone: string }]>([
    [
      { status: 'shipped', payment_status: 'COMPLETED' },
      { text: 'SHIPPED', tone: 'green' },
      { text: 'Paid', tone: 'green' },
    ],
    [
      { status: 'ready_for_pickup', payment_status: 'PENDING', payment_method: 'cash_on_delivery', shipping_method: 'pickup' },
      { text: 'READY FOR PICKUP', tone: 'green' },
      { text: 'Pending', tone: 'yellow' },
    ],
    [
      { status: 'delivered', payment_status: 'PARTIALLY_REFUNDED' },
      { text: 'DELIVERED', tone: 'green' },
      { text: 'Partly refunded', tone: 'gray' },
    ],
    [
      { status: 'pending', payment_status: 'FAILED' },
      { text: 'PENDING', tone: 'yellow' },
      { text: 'Failed', tone: 'red' },
    ],
    [
      { status: 'cancelled', payment_status: 'PENDING' },
      { text: 'CANCELLED', tone: 'gray' },
      { text: 'Void (not due)', tone: 'gray' },
    ],
  ])('badges %o', async (overrides, orderBadge, paymentBadge) => {
    stubApi([[/^\/api\/orders\/order\/7\/$/, () => orderFixture(overrides)]]);
    renderShop(pages, { path: '/order-confirmation/7' });
    await screen.findByRole('heading', { level: 1 });
    expect(badge('Order status')).toEqual(orderBadge);
    expect(badge('Payment status')).toEqual(paymentBadge);
  });

  it('offers the payment again for an unpaid card order', async () => {
    stubApi([[/^\/api\/orders\/order\/7\/$/, () => orderFixture()]]);
    renderShop(pages, { path: '/order-confirmation/7' });
    const next = await screen.findByRole('region', { name: "What's Next?" });
    expect(next).toHaveTextContent('Payment is pending. Your order will be processed once payment is confirmed.');
    expect(within(next).getByRole('link', { name: 'Complete Payment' })).toHaveAttribute('href', '/payment/7');
  });

  it.each<[PaymentStatus, string]>([
    ['PARTIALLY_REFUNDED', 'J$1,000.00 of your payment was refunded.'],
    ['REFUNDED', 'Your payment of J$11,910.00 was refunded in full.'],
  ])('never asks a %s card order to pay again', async (paymentStatus, said) => {
    const refunded = paymentStatus === 'REFUNDED' ? 11910 : 1000;
    stubApi([
      [
        /^\/api\/orders\/order\/7\/$/,
        () => orderFixture({ status: 'processing', payment_status: paymentStatus, refunded_amount: refunded, expires_at: null }),
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    const next = await screen.findByRole('region', { name: "What's Next?" });
    expect(next).toHaveTextContent(said);
    expect(next).not.toHaveTextContent('Payment is pending');
    expect(screen.queryByRole('link', { name: 'Complete Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /pay/i })).not.toBeInTheDocument();
  });

  it('shows where a shipped order is: its tracking number and every status with its date', async () => {
    const history = [
      { status: 'pending', created_at: '2026-11-22T15:00:00.000Z' },
      { status: 'processing', created_at: '2026-11-23T14:00:00.000Z' },
      { status: 'shipped', created_at: '2026-11-24T16:30:00.000Z' },
    ] as const;
    stubApi([
      [
        /^\/api\/orders\/order\/7\/$/,
        () =>
          orderFixture({
            status: 'shipped',
            payment_status: 'COMPLETED',
            tracking_number: 'JMP-48213',
            status_history: [...history],
            expires_at: null,
          }),
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Shipped' })).toBeVisible();
    expect(screen.queryByText(/will be prepared and shipped/)).not.toBeInTheDocument();
    const progress = screen.getByRole('region', { name: 'Order history' });
    expect(progress).toHaveTextContent('Tracking numberJMP-48213');
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Placed 22 Nov 2026, 10:00 am', 'Processing 23 Nov 2026, 9:00 am', 'Shipped 24 Nov 2026, 11:30 am']);
  });

  it('tells a pickup order that is ready where and when to collect it, from the settings', async () => {
    stubApi([
      [
        /^\/api\/orders\/order\/7\/$/,
        () =>
          orderFixture({
            status: 'ready_for_pickup',
            payment_method: 'cash_on_delivery',
            shipping_method: 'pickup',
            shipping_address: null,
            shipping_address_text: '',
            expires_at: null,
          }),
      ],
      [
        /^\/api\/store\/$/,
        () => ({
          ...defaultStoreSettings,
          store: {
            ...defaultStoreSettings.store,
            street: '22 Constant Spring Road',
            city: 'Kingston 10',
            parish: 'St. Andrew',
            hours: [{ days: 'Mon–Sat', hours: '10:00–18:00' }],
          },
        }),
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ready for Pickup' })).toBeVisible();
    const next = screen.getByRole('region', { name: "What's Next?" });
    expect(await within(next).findByText(/22 Constant Spring Road, Kingston 10, St\. Andrew, Jamaica/)).toBeVisible();
    expect(next).toHaveTextContent('Opening hours: Mon–Sat 10:00–18:00.');
    expect(next).toHaveTextContent('Please have J$11,910.00 in cash ready.');
    expect(next).not.toHaveTextContent(/shipped/i);
  });

  it("opens the order of an e-mail's signed link with its token", async () => {
    const fetchMock = stubApi([
      [/^\/api\/orders\/order\/7\/\?token=123\.abc$/, () => orderFixture({ payment_method: 'cash_on_delivery', expires_at: null })],
    ]);
    renderShop(pages, { path: '/order-confirmation/7?token=123.abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    expect(requestedPaths(fetchMock, '/api/orders/order/7/')).toEqual(['/api/orders/order/7/?token=123.abc']);
  });

  it("says a link that is no longer valid is the problem, in 'Order Error'", async () => {
    stubApi([[/^\/api\/orders\/order\/7\//, () => json({ error: messages.orderLinkInvalid }, 403)]]);
    renderShop(pages, { path: '/order-confirmation/7?token=123.abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Error' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.orderLinkInvalid);
  });

  it("shows 'Order Error' when the order cannot be loaded", async () => {
    stubApi([[/^\/api\/orders\/order\/7\/$/, () => json({ error: 'Order not found.' }, 404)]]);
    renderShop(pages, { path: '/order-confirmation/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Error' })).toBeVisible();
    expect(screen.getByText('Failed to load order details')).toBeVisible();
  });
});

describe('returning from the card provider', () => {
  beforeEach(() => {
    // Testing Library waits on setTimeout itself, so the fake clock also follows real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The provider confirms the payment on the `paidOnCheck`th check (never when undefined). */
  function stubReturn(paidOnCheck: number | undefined) {
    let checks = 0;
    let paid = false;
    const fetchMock = stubApi([
      [
        /^\/api\/orders\/payment\/stripe\/verify-session\/$/,
        (_url, init) => {
          checks += 1;
          expect(JSON.parse(String(init?.body))).toEqual({ session_id: 'cs_test_1' });
          paid = paidOnCheck !== undefined && checks >= paidOnCheck;
          const status: PaymentStatus = paid ? 'COMPLETED' : 'PENDING';
          return { success: true, payment_status: status, order_id: 7 };
        },
      ],
      [/^\/api\/orders\/order\/7\/$/, () => (paid ? orderFixture({ status: 'processing', payment_status: 'COMPLETED' }) : orderFixture())],
    ]);
    return { fetchMock, checks: () => checks };
  }

  it("says 'Processing your payment...' while the provider settles, checks again every 1.5 s, then shows Paid", async () => {
    const { fetchMock, checks } = stubReturn(3);
    renderShop(pages, { path: '/order-confirmation/7?session_id=cs_test_1' });

    expect(screen.getByText('Processing your payment...')).toBeVisible();
    await waitFor(() => expect(checks()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(checks()).toBe(2));
    expect(screen.getByText('Processing your payment...')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1500));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    expect(badge('Payment status')).toEqual({ text: 'Paid', tone: 'green' });
    expect(badge('Order status')).toEqual({ text: 'PROCESSING', tone: 'green' });
    expect(checks()).toBe(3);
    expect(requestedPaths(fetchMock, '/api/orders/order/7/').length).toBeGreaterThanOrEqual(2);
  });

  it('shows Paid when the order read before the payment settled answers only after it', async () => {
    let paid = false;
    let answerFirstRead: (order: Order) => void = () => undefined;
    let reads = 0;
    stubApi([
      [
        /^\/api\/orders\/payment\/stripe\/verify-session\/$/,
        () => {
          paid = true;
          return { success: true, payment_status: 'COMPLETED', order_id: 7 };
        },
      ],
      [
        /^\/api\/orders\/order\/7\/$/,
        () => {
          reads += 1;
          if (reads > 1) return paid ? orderFixture({ status: 'processing', payment_status: 'COMPLETED' }) : orderFixture();
          // The server read the order while it was still unpaid; the answer is slow to arrive.
          const unpaid = orderFixture();
          return new Promise<Order>((resolve) => {
            answerFirstRead = resolve;
          }).then(() => unpaid);
        },
      ],
    ]);
    renderShop(pages, { path: '/order-confirmation/7?session_id=cs_test_1' });
    await waitFor(() => expect(paid).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(100));
    answerFirstRead(orderFixture());

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    expect(badge('Payment status')).toEqual({ text: 'Paid', tone: 'green' });
  });

  it('shows the order as pending, not failed, when the provider is slow, and can ask again', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { checks } = stubReturn(undefined);
    renderShop(pages, { path: '/order-confirmation/7?session_id=cs_test_1' });
    await waitFor(() => expect(checks()).toBe(1));

    for (let elapsed = 0; elapsed < 20_000; elapsed += 1500) await act(() => vi.advanceTimersByTimeAsync(1500));

    const next = await screen.findByRole('region', { name: "What's Next?" });
    expect(checks()).toBe(14);
    expect(badge('Payment status')).toEqual({ text: 'Pending', tone: 'yellow' });
    expect(next).toHaveTextContent('Payment is pending. Your order will be processed once payment is confirmed.');
    expect(next).toHaveTextContent('there is no need to pay again');
    expect(within(next).queryByRole('link', { name: 'Complete Payment' })).not.toBeInTheDocument();

    await user.click(within(next).getByRole('button', { name: 'Check again' }));
    expect(screen.getByText('Processing your payment...')).toBeVisible();
    await waitFor(() => expect(checks()).toBe(15));
  });

  it.each<[string, Partial<Order>, string, string]>([
    ['order_cancelled', { status: 'cancelled', payment_status: 'FAILED' }, messages.paymentRefundedOrderCancelled, 'Order Cancelled'],
    ['already_paid', { status: 'processing', payment_status: 'COMPLETED' }, messages.paymentRefundedAlreadyPaid, 'Order Confirmed!'],
  ])('says a payment refunded because %s was given back', async (reason, order, message, heading) => {
    stubApi([
      [
        /^\/api\/orders\/payment\/stripe\/verify-session\/$/,
        () => ({ success: true, payment_status: 'REFUNDED', refund_reason: reason, order_id: 7 }),
      ],
      [/^\/api\/orders\/order\/7\/$/, () => orderFixture(order)],
    ]);
    renderShop(pages, { path: '/order-confirmation/7?session_id=cs_test_1' });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.getByRole('region', { name: "What's Next?" })).not.toHaveTextContent('Nothing was charged');
  });

  it('shows the order after a refused check without waiting, logging the problem', async () => {
    stubApi([
      [
        /^\/api\/orders\/payment\/stripe\/verify-session\/$/,
        () => json({ error: 'This payment session does not belong to your order.' }, 404),
      ],
      [/^\/api\/orders\/order\/7\/$/, () => orderFixture()],
    ]);
    renderShop(pages, { path: '/order-confirmation/7?session_id=cs_test_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    expect(badge('Payment status')).toEqual({ text: 'Pending', tone: 'yellow' });
    expect(vi.mocked(console.error)).toHaveBeenCalled();
  });
});
