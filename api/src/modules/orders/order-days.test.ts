import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { jamaicaDay } from '../../shop-days.ts';
import { dayChange, dayFigures, orderDaySlots, type CountedOrder } from './order-days.ts';

const placed: CountedOrder = {
  id: 17,
  created_at: '2026-03-14T04:59:59.000Z',
  status: 'pending',
  payment_status: 'PENDING',
  total: 100_000,
  refunded_total: 0,
};

describe('dayChange', () => {
  it.each([
    ['a card order placed: an order, nothing paid', null, placed, { orders: 1, revenue: 0 }],
    ['paid', placed, { ...placed, status: 'processing', payment_status: 'COMPLETED' }, { orders: 0, revenue: 100_000 }],
    ['placed paid (nothing to pay, or J$0 …)', null, { ...placed, payment_status: 'COMPLETED' }, { orders: 1, revenue: 100_000 }],
    ['an unpaid order cancelled', placed, { ...placed, status: 'cancelled', payment_status: 'FAILED' }, { orders: -1, revenue: 0 }],
    [
      'a paid order cancelled',
      { ...placed, status: 'shipped', payment_status: 'COMPLETED' },
      { ...placed, status: 'cancelled', payment_status: 'COMPLETED' },
      { orders: -1, revenue: -100_000 },
    ],
    [
      'partly refunded: what was paid less what was refunded',
      { ...placed, payment_status: 'COMPLETED' },
      { ...placed, payment_status: 'PARTIALLY_REFUNDED', refunded_total: 30_000 },
      { orders: 0, revenue: -30_000 },
    ],
    [
      'partly refunded again',
      { ...placed, payment_status: 'PARTIALLY_REFUNDED', refunded_total: 30_000 },
      { ...placed, payment_status: 'PARTIALLY_REFUNDED', refunded_total: 50_000 },
      { orders: 0, revenue: -20_000 },
    ],
    [
      'refunded in full',
      { ...placed, payment_status: 'PARTIALLY_REFUNDED', refunded_total: 50_000 },
      { ...placed, payment_status: 'REFUNDED', refunded_total: 100_000 },
      { orders: 0, revenue: -50_000 },
    ],
    [
      'a refused refund given back',
      { ...placed, payment_status: 'PARTIALLY_REFUNDED', refunded_total: 30_000 },
      { ...placed, payment_status: 'COMPLETED' },
      { orders: 0, revenue: 30_000 },
    ],
    [
      'refunded once cancelled',
      { ...placed, status: 'cancelled', payment_status: 'COMPLETED' },
      { ...placed, status: 'cancelled', payment_status: 'REFUNDED' },
      null,
    ],
    ['shipped to delivered', { ...placed, status: 'shipped' }, { ...placed, status: 'delivered' }, null],
  ] as const)('%s', (_name, before, after, moved) => {
    const change = dayChange(before, after);
    expect(change === null ? null : { orders: change.orders, revenue: change.revenue }).toEqual(moved);
  });

  it('counts an order on the day it was placed in Jamaica (UTC−5), in the row of its id', () => {
    expect(dayChange(null, placed)).toMatchObject({ day: '2026-03-13', slot: 17 % orderDaySlots });
    expect(dayChange(null, { ...placed, created_at: '2026-03-14T05:00:00.000Z' })?.day).toBe('2026-03-14');
  });
});

describe('the day figures after many changes at once', () => {
  let shop: TestShop;
  let staff: SignedInShopper;
  let otherStaff: SignedInShopper;
  let productId = 0;
  const db = () => shop.database.handle.db;

  beforeAll(async () => {
    shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50' } });
    const category = await createCategory(db(), { name: 'Hats', slug: 'hats' });
    productId = (await createProduct(db(), { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 5000 }] })).id;
    // The SDK reaches the built-in card provider over real HTTP.
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await signInStaff(shop, 'staff');
    otherStaff = await signInStaff(shop, 'staff');
  });
  afterAll(() => shop.close());

  const inject = (who: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const port = () => {
    const address = shop.app.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };

  async function placeOrder(paymentMethod: 'stripe' | 'cash_on_delivery', quantity: number) {
    const shopper = await startSession(shop.app);
    await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity });
    const answer = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm(paymentMethod));
    expect(answer.statusCode, answer.body).toBe(200);
    return { orderId: answer.json().order_id as number, shopper };
  }

  async function pay({ orderId, shopper }: { orderId: number; shopper: ShopperSession }) {
    const started = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
    const sessionId = String(started.json().checkout_url).split('/').pop() ?? '';
    await fetch(`http://127.0.0.1:${port()}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    // The shopper's return and the provider's webhook may both settle it: settling twice counts once.
    await Promise.all([1, 2].map(() => inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId })));
  }

  const move = (orderId: number, status: string) =>
    inject(staff, 'POST', `/api/admin/orders/${orderId}/status/`, {
      status,
      note: '',
      ...(status === 'shipped' ? { tracking_number: 'JM123' } : {}),
    });
  const refund = (who: SignedInShopper, orderId: number, amount?: number) =>
    inject(who, 'POST', `/api/admin/orders/${orderId}/refund/`, { reason: 'Scuffed', ...(amount === undefined ? {} : { amount }) });
  /** All but J$500 of the payment was refunded at the provider directly (Stripe's dashboard): the shop does not know. */
  async function refundedAtProvider(orderId: number) {
    const { total } = await db().selectFrom('orders').select('total').where('id', '=', orderId).executeTakeFirstOrThrow();
    await db()
      .updateTable('test_payment_sessions')
      .set({ amount_refunded: total - 50_000 })
      .where('client_reference_id', '=', String(orderId))
      .execute();
  }

  /** The figures of every day recounted from the orders themselves, beside those kept. */
  async function keptAndRecounted() {
    const recounted = new Map<string, { orders: number; revenue: number }>();
    for (const order of await db()
      .selectFrom('orders')
      .select(['created_at', 'status', 'payment_status', 'total', 'refunded_total'])
      .execute()) {
      const day = recounted.get(jamaicaDay(order.created_at)) ?? { orders: 0, revenue: 0 };
      const figures = dayFigures(order);
      recounted.set(jamaicaDay(order.created_at), { orders: day.orders + figures.orders, revenue: day.revenue + figures.revenue });
    }
    const rows = await db()
      .selectFrom('order_day_totals')
      .select((eb) => ['day', eb.fn.sum<number | string>('orders').as('orders'), eb.fn.sum<number | string>('revenue').as('revenue')])
      .groupBy('day')
      .execute();
    const kept = new Map(rows.map((row) => [row.day, { orders: Number(row.orders), revenue: Number(row.revenue) }]));
    return { kept, recounted };
  }

  it('equal a recount from the orders after checkouts, payments, cancels, refunds, mark-paid and expiry, many at once', {
    timeout: 120_000,
  }, async () => {
    const card = await Promise.all(Array.from({ length: 10 }, (_, index) => placeOrder('stripe', 1 + (index % 3))));
    const cash = await Promise.all(Array.from({ length: 8 }, (_, index) => placeOrder('cash_on_delivery', 1 + (index % 2))));
    const [c0, c1, c2, c3, c4, c5, c6, c7] = card.map((order) => order.orderId);
    const [k0, k1, k2, k3, k4, k5] = cash.map((order) => order.orderId);

    // Payments race the shopper's own cancel, staff cancels and mark-paid.
    await Promise.all([
      ...card.slice(0, 6).map(pay),
      inject(card[6]?.shopper ?? staff, 'POST', `/api/orders/${c6}/cancel/`),
      inject(card[0]?.shopper ?? staff, 'POST', `/api/orders/${c0}/cancel/`),
      ...[k0, k1, k2, k3].map((orderId) => inject(staff, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, { note: '' })),
      inject(otherStaff, 'POST', `/api/admin/orders/${k1}/mark-paid/`, { note: '' }),
      move(k4 ?? 0, 'cancelled'),
      move(k5 ?? 0, 'processing'),
    ]);
    await refundedAtProvider(c5 ?? 0);

    // Refunds (two staff at once on one order, one the provider refuses), cancels of paid orders,
    // status changes and the unpaid-order job, all at once.
    await Promise.all([
      refund(staff, c1 ?? 0, 1_000),
      refund(otherStaff, c1 ?? 0, 2_000),
      refund(staff, c2 ?? 0),
      refund(otherStaff, c2 ?? 0),
      refund(staff, c5 ?? 0, 1_000),
      move(c3 ?? 0, 'cancelled'),
      move(c4 ?? 0, 'shipped').then(() => move(c4 ?? 0, 'delivered')),
      refund(staff, k0 ?? 0, 500),
      refund(otherStaff, k2 ?? 0),
      move(k3 ?? 0, 'cancelled'),
      shop.app.payments.cancelUnpaidOrders(new Date(Date.now() + 24 * 60 * 60 * 1000)),
    ]);

    const statuses = await db()
      .selectFrom('orders')
      .select(['id', 'status', 'payment_status'])
      .where('id', 'in', [c0, c1, c2, c3, c5, c7, k0, k3, k4].map(Number))
      .execute();
    const of = (id: number | undefined) => statuses.find((order) => order.id === id);
    // The mix did what it should, so the figures below cover every kind of change.
    expect(of(c1)?.payment_status).toBe('PARTIALLY_REFUNDED');
    expect(of(c3)).toMatchObject({ status: 'cancelled', payment_status: 'REFUNDED' });
    expect(of(c5)?.payment_status).toBe('COMPLETED');
    expect(of(c7)).toMatchObject({ status: 'cancelled', payment_status: 'FAILED' });
    expect(of(k0)?.payment_status).toBe('PARTIALLY_REFUNDED');
    expect(of(k4)?.status).toBe('cancelled');

    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
    const today = recounted.get(jamaicaDay(new Date())) ?? { orders: 0, revenue: 0 };
    expect(today.orders).toBeGreaterThan(0);
    expect(today.revenue).toBeGreaterThan(0);
  });
});
