import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, defaultStoreSettings, messages, type StoreContact, type StoreSettings } from '@threadline/contracts';
import { deliveryFields, pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { startSmtpSink, type ReceivedMail } from '../../../test/smtp-sink.ts';
import { takesNoMoney } from '../payments/card-provider.ts';

/**
 * Issue 28: an order that was ever paid never asks for money again (a refund included), a pickup
 * order is made ready for pickup (where and when, from the settings) instead of being shipped, and
 * what the shop and the customer are told says what the order is.
 */
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let staff: SignedInShopper;
let owner: SignedInShopper;
let productId = 0;
const shopEmail = 'orders@threadline.test';

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({
    seed: false,
    environment: { SMTP_URL: smtp.url, SHOP_EMAIL: shopEmail, PUBLIC_URL: 'https://threadline.test', RATE_LIMIT_SCALE: '50' },
  });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (
    await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 500 }] })
  ).id;
  // The official SDK reaches the built-in provider over real HTTP, so the shop listens on a free port.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await signInStaff(shop, 'staff');
  owner = await signInStaff(shop, 'owner');
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const db = () => shop.database.handle.db;
const inject = (who: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const orderRow = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionsAtProvider = async (orderId: number) =>
  (await db().selectFrom('test_payment_sessions').select('id').where('client_reference_id', '=', String(orderId)).execute()).length;
const mailsTo = (address: string) =>
  smtp.received.filter((mail: ReceivedMail) => mail.to.includes(address)).map((mail) => Buffer.from(mail.text, 'latin1').toString('utf8'));
async function mailMatching(address: string, pattern: RegExp): Promise<string> {
  await expect.poll(() => mailsTo(address).some((mail) => pattern.test(mail))).toBe(true);
  return mailsTo(address).find((mail) => pattern.test(mail)) ?? '';
}
const move = (orderId: number, status: string, extra: object = {}) =>
  inject(staff, 'POST', `/api/admin/orders/${orderId}/status/`, { status, note: '', ...extra });

interface Placed {
  orderId: number;
  shopper: ShopperSession;
  email: string;
}

async function placeOrder(paymentMethod: 'stripe' | 'cash_on_delivery', form: Record<string, string> = {}): Promise<Placed> {
  const shopper = await startSession(shop.app);
  expect((await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  const checkout = { ...pickupCheckoutForm(paymentMethod), ...form };
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', checkout);
  expect(placed.statusCode, placed.body).toBe(200);
  return { orderId: placed.json().order_id as number, shopper, email: checkout.email };
}

const startPayment = (placed: Placed) => inject(placed.shopper, 'POST', `/api/orders/payment/stripe/${placed.orderId}/`);

/** A card order the shopper paid on the built-in provider's page. */
async function placePaidCardOrder(): Promise<Placed> {
  const placed = await placeOrder('stripe');
  const started = await startPayment(placed);
  const sessionId = String(started.json().checkout_url).split('/').pop() ?? '';
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await fetch(`http://127.0.0.1:${port}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  const verified = await inject(placed.shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
  expect(verified.json().payment_status).toBe('COMPLETED');
  return placed;
}

describe('an order that was ever paid', () => {
  it('refuses to start a card payment again once paid, partly refunded or refunded (409 JSON), and opens no session at the provider', async () => {
    const placed = await placePaidCardOrder();
    expect(await sessionsAtProvider(placed.orderId)).toBe(1);
    const paid = await startPayment(placed);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ error: messages.paymentAlreadyDone });

    const part = await inject(owner, 'POST', `/api/admin/orders/${placed.orderId}/refund/`, { amount: 1000, reason: 'Loose stitch' });
    expect(part.statusCode, part.body).toBe(200);
    expect((await orderRow(placed.orderId)).payment_status).toBe('PARTIALLY_REFUNDED');
    const afterPart = await startPayment(placed);
    expect(afterPart.statusCode).toBe(409);
    expect(afterPart.headers['content-type']).toMatch(/^application\/json/);
    expect(afterPart.json()).toMatchObject({ error: messages.paymentAlreadyDoneRefunded });
    // Nor may the shopper give the order up as if unpaid.
    const givenUp = await inject(placed.shopper, 'POST', `/api/orders/${placed.orderId}/cancel/`);
    expect(givenUp.statusCode).toBe(409);
    expect(givenUp.json()).toMatchObject({ error: messages.paymentAlreadyDoneRefunded });

    const rest = await inject(owner, 'POST', `/api/admin/orders/${placed.orderId}/refund/`, { reason: 'Returned' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await orderRow(placed.orderId)).payment_status).toBe('REFUNDED');
    const afterFull = await startPayment(placed);
    expect(afterFull.statusCode).toBe(409);
    expect(afterFull.json()).toMatchObject({ error: messages.paymentAlreadyDoneRefunded });

    // One session was ever opened: the one that paid. Nothing was charged twice.
    expect(await sessionsAtProvider(placed.orderId)).toBe(1);
    expect(await db().selectFrom('payments').select('id').where('order_id', '=', placed.orderId).execute()).toHaveLength(1);
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({ payment_status: 'REFUNDED', refunded_total: order.total });
  });

  it('refuses a payment for a cancelled card order', async () => {
    const placed = await placeOrder('stripe');
    expect((await move(placed.orderId, 'cancelled')).statusCode).toBe(200);
    const answer = await startPayment(placed);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: messages.paymentOrderCancelled });
    expect(await sessionsAtProvider(placed.orderId)).toBe(0);
  });
});

describe('a pickup order', () => {
  const hours = [
    { days: 'Mon–Fri', hours: '10:00–18:00' },
    { days: 'Sat', hours: '09:00–15:00' },
  ];
  const store: StoreContact = {
    ...defaultStoreSettings.store,
    street: '22 Constant Spring Road',
    city: 'Kingston 10',
    parish: 'St. Andrew',
    hours,
  };

  it('is refused "shipped" (409, whatever tracking number), made ready for pickup with an e-mail saying where and when, then delivered as collected', async () => {
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: owner.headers,
      payload: { ...defaultStoreSettings, store } satisfies StoreSettings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const placed = await placeOrder('cash_on_delivery');
    const confirmation = await mailMatching(placed.email, /Thank you for your order/);
    expect(confirmation).not.toMatch(/shipped/i);
    expect(confirmation).toContain('ready to collect');

    expect((await move(placed.orderId, 'processing')).json().order.next_statuses).toEqual(['ready_for_pickup', 'cancelled']);
    const shipped = await move(placed.orderId, 'shipped', { tracking_number: 'MADE-UP-1' });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ error: adminMessages.pickupNotShipped });
    expect((await orderRow(placed.orderId)).status).toBe('processing');

    // A tracking number sent along is not kept: a pickup has none.
    const ready = await move(placed.orderId, 'ready_for_pickup', { tracking_number: 'IGNORED-1' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().order).toMatchObject({ status: 'ready_for_pickup', tracking_number: null, next_statuses: ['delivered'] });
    const readyMail = await mailMatching(placed.email, /is ready for pickup/);
    expect(readyMail).toContain('Collect it at our store: 22 Constant Spring Road, Kingston 10, St. Andrew, Jamaica.');
    expect(readyMail).toContain('Opening hours: Mon–Fri 10:00–18:00; Sat 09:00–15:00.');
    expect(readyMail).toContain('Please bring J$4,500.00 in cash');
    expect(readyMail).not.toContain(defaultStoreSettings.store.street);
    expect(mailsTo(placed.email).some((mail) => /on its way|has shipped/.test(mail))).toBe(false);

    expect((await move(placed.orderId, 'delivered')).statusCode).toBe(200);
    await mailMatching(placed.email, /was collected/);
    const seen = (await inject(placed.shopper, 'GET', `/api/orders/${placed.orderId}/`)).json();
    expect(seen).toMatchObject({ status: 'delivered', tracking_number: null });
    expect(seen.status_history.map((entry: { status: string }) => entry.status)).toEqual([
      'pending',
      'processing',
      'ready_for_pickup',
      'delivered',
    ]);
  });

  it('is not made ready for pickup when it is a delivery', async () => {
    const placed = await placeOrder('cash_on_delivery', deliveryFields);
    await move(placed.orderId, 'processing');
    const ready = await move(placed.orderId, 'ready_for_pickup');
    expect(ready.statusCode).toBe(409);
    expect(ready.json()).toMatchObject({ error: adminMessages.orderTransitionRefused('processing', 'ready_for_pickup') });
  });
});

describe('what the shop and the customer are told of a new order', () => {
  it('a cash pickup order is "cash on pickup" to the shop, never "cash on delivery"', async () => {
    const placed = await placeOrder('cash_on_delivery');
    const notice = await mailMatching(shopEmail, new RegExp(`To: ${placed.email.replace('.', '\\.')}|${placed.email.replace('.', '\\.')}`));
    expect(notice).toMatch(/Subject: New order TL-\S+: J\$4,500\.00, cash on pickup/);
    expect(notice).toContain('Payment: cash on pickup');
    expect(notice).not.toContain('cash on delivery');
  });

  it('a card order paid on the built-in test provider is a TEST payment to the shop, not "paid by card"', async () => {
    const placed = await placePaidCardOrder();
    const notice = await mailMatching(shopEmail, new RegExp(placed.email.replace('.', '\\.')));
    expect(notice).toContain('Payment: TEST card payment, no money taken');
    expect(notice).not.toContain('paid by card');
    // Staff see it too: the order answer, and the history's note of the payment.
    const seen = (await inject(staff, 'GET', `/api/admin/orders/${placed.orderId}/`)).json();
    expect(seen.test_payment).toBe(true);
    expect(seen.history[0]).toMatchObject({ to_status: 'processing', note: 'Paid by card (TEST payment: no money taken)' });
    const listed = (await inject(staff, 'GET', `/api/admin/orders/?search=${encodeURIComponent(placed.email)}`)).json();
    expect(listed.results).toEqual([expect.objectContaining({ id: placed.orderId, test_payment: true })]);
  });

  it('counts a Stripe test key as taking no money, and a live key as taking it', () => {
    expect(takesNoMoney({ secretKey: null, apiUrl: null })).toBe(true);
    expect(takesNoMoney({ secretKey: 'sk_test_51abc', apiUrl: null })).toBe(true);
    expect(takesNoMoney({ secretKey: 'rk_test_51abc', apiUrl: null })).toBe(true);
    expect(takesNoMoney({ secretKey: 'sk_live_51abc', apiUrl: null })).toBe(false);
  });

  it('a cash order is not a test payment to staff', async () => {
    const placed = await placeOrder('cash_on_delivery');
    expect((await inject(staff, 'GET', `/api/admin/orders/${placed.orderId}/`)).json().test_payment).toBe(false);
  });

  it('a delivery address names its parish as the island does, however it was typed', async () => {
    const placed = await placeOrder('cash_on_delivery', deliveryFields);
    const confirmation = await mailMatching(placed.email, /Thank you for your order/);
    expect(confirmation).toContain('Delivery to 12 Hope Road, Kingston 10, St. Andrew, Jamaica.');
    expect(confirmation).not.toContain('st andrew');
    expect((await inject(placed.shopper, 'GET', `/api/orders/${placed.orderId}/`)).json().shipping_address.state).toBe('St. Andrew');
  });
});
