import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Stripe } from 'stripe';
import { messages, serverMessages } from '@threadline/contracts';
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../mail/mailer.ts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';
import { ordersServiceOn } from '../../../test/order-jobs.ts';
import { callJson, startHttpSession, startServerProcesses, type ServerProcesses } from '../../../test/server-processes.ts';
import { createCartRepository } from '../cart/cart.repository.ts';
import { createCartService } from '../cart/cart.service.ts';
import { createPromotionsRepository } from '../promotions/promotions.repository.ts';
import { createPromotionsService } from '../promotions/promotions.service.ts';
import { createCardProvider } from './card-provider.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createPaymentsService, sessionExpiry } from './payments.service.ts';

const minute = 60_000;

describe('a card session lives as long as its order holds the stock', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();
  it.each([
    ['an hour of hold left: the hold', at(60 * minute), now + 60 * minute],
    ['ten minutes left: Stripe’s shortest, 30 minutes and a margin', at(10 * minute), now + 31 * minute],
    ['a hold already over: Stripe’s shortest', at(-5 * minute), now + 31 * minute],
    ['a week of hold: Stripe’s longest, less a margin', at(7 * 24 * 60 * minute), now + 24 * 60 * minute - minute],
    ['no hold: Stripe’s longest, less a margin', null, now + 24 * 60 * minute - minute],
  ])('%s', (_case, orderExpiresAt, expected) => {
    expect(sessionExpiry(orderExpiresAt, now)).toBe(Math.floor(expected / 1000));
  });
});

let shop: TestShop;
let productId = 0;

beforeAll(async () => {
  shop = await createTestShop({ seed: false, environment: { PUBLIC_URL: 'https://threadline.test' } });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (
    await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 500 }] })
  ).id;
  // The official SDK reaches the built-in provider over real HTTP, so the shop listens on a free port.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => shop?.close());

const db = () => shop.database.handle.db;
const inject = (shopper: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: shopper.headers, ...(payload ? { payload } : {}) });

async function cardOrder(shopper: ShopperSession) {
  await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 2 });
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm());
  expect(placed.json(), placed.body).toMatchObject({ success: true, redirect: 'stripe' });
  return placed.json().order_id as number;
}

async function startCardSession(shopper: ShopperSession, orderId: number): Promise<string> {
  const started = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
  expect(started.statusCode, started.body).toBe(200);
  return String(started.json().checkout_url).split('/').pop() ?? '';
}

/** The provider takes the session's payment, as if the shopper pressed Pay, but sends no webhook. */
const paidAtProvider = (sessionId: string) =>
  db()
    .updateTable('test_payment_sessions')
    .set({ status: 'complete', payment_status: 'paid', payment_intent: `pi_${sessionId}` })
    .where('id', '=', sessionId)
    .execute();

const providerSession = (sessionId: string) =>
  db().selectFrom('test_payment_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
const ourPayment = (sessionId: string) =>
  db().selectFrom('payments').selectAll().where('provider_session_id', '=', sessionId).executeTakeFirstOrThrow();
const unitsSold = async () =>
  (await db().selectFrom('products').select('units_sold').where('id', '=', productId).executeTakeFirstOrThrow()).units_sold;
const verify = (shopper: ShopperSession, sessionId: string) =>
  inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });

let eventNumber = 0;
function signedEvent(sessionId: string, webhookSecret: string) {
  eventNumber += 1;
  const payload = JSON.stringify({
    id: `evt_settlement_${eventNumber}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session' } },
  });
  return { payload, signature: new Stripe('sk_test_signing').webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
}
function webhook(sessionId: string) {
  const { payload, signature } = signedEvent(sessionId, shop.config.stripe.webhookSecret);
  return shop.app.inject({
    method: 'POST',
    url: '/api/orders/payment/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** What the app's minute job runs, built on the test shop's database and provider. */
function unpaidOrderJob() {
  const handle = shop.database.handle;
  const mailer = createMailer({ smtpUrl: null, from: 'test@threadline.test', outboxDir: shop.config.outboxDir, log: () => undefined });
  const orders = ordersServiceOn(handle, shop.config.secretKey, mailer);
  const cart = createCartService(
    handle,
    createCartRepository(handle.db),
    createPromotionsService(createPromotionsRepository(handle.db)),
    shop.app.media.urls,
    'http://localhost:3000',
  );
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return createPaymentsService({
    database: handle,
    repository: createPaymentsRepository(handle.db),
    orders,
    cart,
    provider: createCardProvider(shop.config.stripe, () => new URL(`http://127.0.0.1:${port}`)),
    powertranz: null,
    publicUrl: shop.config.publicUrl,
    webhookSecret: shop.config.stripe.webhookSecret,
    afterPaid: () => undefined,
    afterCancelled: async () => undefined,
    log: () => undefined,
    counted: () => undefined,
  });
}

describe('card sessions', () => {
  it("expire when the order's stock hold does, and cannot be paid after", async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const sessionId = await startCardSession(shopper, orderId);
    const order = await db().selectFrom('orders').select('expires_at').where('id', '=', orderId).executeTakeFirstOrThrow();
    const session = await providerSession(sessionId);
    expect(Math.abs(Date.parse(session.expires_at ?? '') - Date.parse(order.expires_at ?? ''))).toBeLessThan(1000);

    await db()
      .updateTable('test_payment_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionId)
      .execute();
    const hosted = await fetch(`${shop.app.listeningOrigin}/test-payments/checkout/${sessionId}`);
    expect(await hosted.text()).toContain('This payment is already expired.');
    const pay = await fetch(`${shop.app.listeningOrigin}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(409);
    expect((await verify(shopper, sessionId)).json()).toEqual({ success: true, payment_status: 'PENDING', order_id: orderId });
  });

  it('are expired when the shopper starts another one for the order', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const first = await startCardSession(shopper, orderId);
    const second = await startCardSession(shopper, orderId);
    expect(second).not.toBe(first);
    expect((await providerSession(first)).status).toBe('expired');
    expect((await ourPayment(first)).status).toBe('expired');
    expect((await providerSession(second)).status).toBe('open');
    const pay = await fetch(`${shop.app.listeningOrigin}/test-payments/checkout/${first}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(409);
  });

  it('that expired on their own are recorded as expired when the shopper starts another', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const first = await startCardSession(shopper, orderId);
    await db()
      .updateTable('test_payment_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', first)
      .execute();
    await startCardSession(shopper, orderId);
    expect((await ourPayment(first)).status).toBe('expired');
  });

  it('settle a session paid just before another starts, and start none', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const first = await startCardSession(shopper, orderId);
    await paidAtProvider(first);
    const again = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: messages.paymentAlreadyDone, request_id: expect.any(String) });
    expect((await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json()).toMatchObject({
      payment_status: 'COMPLETED',
      status: 'processing',
    });
    expect(await db().selectFrom('payments').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
  });

  it('are expired when the unpaid-order job cancels their order', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const sessionId = await startCardSession(shopper, orderId);
    expect(await unpaidOrderJob().cancelUnpaidOrders(new Date(Date.now() + 61 * minute))).toBeGreaterThanOrEqual(1);
    expect((await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json()).toMatchObject({
      status: 'cancelled',
      payment_status: 'FAILED',
    });
    expect((await providerSession(sessionId)).status).toBe('expired');
    expect((await ourPayment(sessionId)).status).toBe('expired');
    const refused = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: messages.paymentOrderCancelled, request_id: expect.any(String) });
  });
});

describe('a payment its order does not take', () => {
  it('is refunded when the order was cancelled, and the shopper is told so, once however often it is settled', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const sessionId = await startCardSession(shopper, orderId);
    const soldBefore = await unitsSold();
    await unpaidOrderJob().cancelUnpaidOrders(new Date(Date.now() + 61 * minute));
    // Paid at the provider all the same (its expiry had not gone through yet).
    await paidAtProvider(sessionId);

    const answers = await Promise.all([verify(shopper, sessionId), verify(shopper, sessionId), webhook(sessionId), webhook(sessionId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    for (const answer of answers.slice(0, 2)) {
      expect(answer.json()).toEqual({ success: true, payment_status: 'REFUNDED', refund_reason: 'order_cancelled', order_id: orderId });
    }
    expect((await providerSession(sessionId)).refunded_at).not.toBeNull();
    expect(await ourPayment(sessionId)).toMatchObject({
      status: 'refunded',
      refund_reason: 'order_cancelled',
      provider_refund_id: expect.stringMatching(/^re_/),
    });
    expect((await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json()).toMatchObject({
      status: 'cancelled',
      payment_status: 'FAILED',
    });
    expect(await unitsSold()).toBe(soldBefore);
    expect((await verify(shopper, sessionId)).json()).toMatchObject({ payment_status: 'REFUNDED', refund_reason: 'order_cancelled' });
  });

  it('is refunded by a later settlement when the provider could not refund it at first', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const sessionId = await startCardSession(shopper, orderId);
    await unpaidOrderJob().cancelUnpaidOrders(new Date(Date.now() + 61 * minute));
    // Paid, but the provider's session names no payment intent to refund yet.
    await db()
      .updateTable('test_payment_sessions')
      .set({ status: 'complete', payment_status: 'paid' })
      .where('id', '=', sessionId)
      .execute();
    const failed = await verify(shopper, sessionId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: serverMessages.paymentRefundFailed, request_id: expect.any(String) });
    expect((await webhook(sessionId)).statusCode).toBe(502);
    expect((await ourPayment(sessionId)).status).toBe('refunding');

    await paidAtProvider(sessionId);
    expect((await webhook(sessionId)).statusCode).toBe(200);
    expect(await ourPayment(sessionId)).toMatchObject({ status: 'refunded', refund_reason: 'order_cancelled' });
    expect((await providerSession(sessionId)).refunded_at).not.toBeNull();
    expect((await verify(shopper, sessionId)).json()).toMatchObject({ payment_status: 'REFUNDED', refund_reason: 'order_cancelled' });
  });

  it('is refunded when another session of the order paid it first; paid at once, one pays and the other is refunded', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const first = await startCardSession(shopper, orderId);
    const second = await startCardSession(shopper, orderId);
    // Two tabs: the first session was paid at the provider just as the second one started.
    await paidAtProvider(first);
    await paidAtProvider(second);
    const soldBefore = await unitsSold();

    const answers = await Promise.all([
      verify(shopper, first),
      verify(shopper, second),
      webhook(first),
      webhook(second),
      verify(shopper, second),
      verify(shopper, first),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const firstStatus = answers[0]?.json().payment_status;
    const secondStatus = answers[1]?.json().payment_status;
    expect([firstStatus, secondStatus].sort()).toEqual(['COMPLETED', 'REFUNDED']);
    const refunded = firstStatus === 'REFUNDED' ? first : second;
    expect((await verify(shopper, refunded)).json()).toEqual({
      success: true,
      payment_status: 'REFUNDED',
      refund_reason: 'already_paid',
      order_id: orderId,
    });
    expect((await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json()).toMatchObject({
      payment_status: 'COMPLETED',
      status: 'processing',
    });
    expect(await unitsSold()).toBe(soldBefore + 2);
    const refunds = await db()
      .selectFrom('test_payment_sessions')
      .select('id')
      .where('id', 'in', [first, second])
      .where('refunded_at', 'is not', null)
      .execute();
    expect(refunds.map((row) => row.id)).toEqual([refunded]);
  });

  it('is not refunded when the return and the webhook of one session settle it at once', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const sessionId = await startCardSession(shopper, orderId);
    await paidAtProvider(sessionId);
    const soldBefore = await unitsSold();
    const answers = await Promise.all([
      verify(shopper, sessionId),
      webhook(sessionId),
      verify(shopper, sessionId),
      webhook(sessionId),
      verify(shopper, sessionId),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of [answers[0], answers[2], answers[4]]) expect(answer?.json().payment_status).toBe('COMPLETED');
    expect(await unitsSold()).toBe(soldBefore + 2);
    expect((await providerSession(sessionId)).refunded_at).toBeNull();
    expect((await ourPayment(sessionId)).status).toBe('completed');
  });
});

describe('two server processes settling the sessions of one order at once', () => {
  let processes: ServerProcesses;
  beforeAll(async () => {
    processes = await startServerProcesses(2);
  }, 60_000);
  afterAll(async () => processes?.close());

  it('pay it once and refund the other payment', async () => {
    const [one = '', two = ''] = processes.urls;
    const { db: sharedDb } = processes.database.handle;
    const shopper = await startHttpSession(one);
    const product = await sharedDb
      .selectFrom('product_variants')
      .select(['product_id', 'size', 'color'])
      .where('stock', '>=', 5)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await callJson(one, 'POST', '/api/orders/cart/', shopper.headers, {
      product_id: product.product_id,
      quantity: 1,
      variant_size: product.size ?? undefined,
      variant_color: product.color ?? undefined,
    });
    const placed = await callJson(two, 'POST', '/api/orders/checkout/', shopper.headers, {
      first_name: 'Kemar',
      last_name: 'Brown',
      email: 'two-tabs@example.com',
      phone: '876 555 0199',
      shipping_method: 'pickup',
      payment_method: 'stripe',
      currency: 'JMD',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = Number(placed.body.order_id);
    const sessions: string[] = [];
    for (const url of [one, two]) {
      const started = await callJson(url, 'POST', `/api/orders/payment/stripe/${orderId}/`, shopper.headers);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      sessions.push(String(started.body.checkout_url).split('/').pop() ?? '');
    }
    for (const sessionId of sessions) {
      await sharedDb
        .updateTable('test_payment_sessions')
        .set({ status: 'complete', payment_status: 'paid', payment_intent: `pi_${sessionId}` })
        .where('id', '=', sessionId)
        .execute();
    }
    const { webhookSecret } = loadConfig({
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      DATA_DIR: shop.config.dataDir,
    }).stripe;
    const hook = (url: string, sessionId: string) => {
      const { payload, signature } = signedEvent(sessionId, webhookSecret);
      return fetch(`${url}/api/orders/payment/stripe/webhook/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    };
    const returns = sessions.flatMap((sessionId) =>
      [one, two].map((url) =>
        callJson(url, 'POST', '/api/orders/payment/stripe/verify-session/', shopper.headers, { session_id: sessionId }),
      ),
    );
    const hooks = sessions.flatMap((sessionId) => [one, two].map((url) => hook(url, sessionId)));
    const [answers, delivered] = await Promise.all([Promise.all(returns), Promise.all(hooks)]);
    expect(delivered.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const statusOf = (index: number) => answers[index]?.body.payment_status;
    // Each session answers the same through either process: one paid the order, the other was refunded.
    expect(statusOf(0)).toBe(statusOf(1));
    expect(statusOf(2)).toBe(statusOf(3));
    expect([statusOf(0), statusOf(2)].sort()).toEqual(['COMPLETED', 'REFUNDED']);
    const order = await sharedDb
      .selectFrom('orders')
      .select(['payment_status', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ payment_status: 'COMPLETED', status: 'processing' });
    const refunded = await sharedDb
      .selectFrom('test_payment_sessions')
      .select('id')
      .where('id', 'in', sessions)
      .where('refunded_at', 'is not', null)
      .execute();
    expect(refunded).toHaveLength(1);
    const payments = await sharedDb
      .selectFrom('payments')
      .select(['status', 'refund_reason'])
      .where('order_id', '=', orderId)
      .orderBy('status')
      .execute();
    expect(payments).toEqual([
      { status: 'completed', refund_reason: null },
      { status: 'refunded', refund_reason: 'already_paid' },
    ]);
  });
});
