import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Stripe } from 'stripe';
import { messages, serverMessages } from '@threadline/contracts';
import { buildApp } from '../../app.ts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, signUp, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let productId = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://threadline.test' } });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (
    await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 50 }] })
  ).id;
  // The official SDK reaches the built-in provider over real HTTP, so the shop listens on a free port.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const inject = (shopper: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: shopper.headers, ...(payload ? { payload } : {}) });

async function cardOrder(shopper: ShopperSession, paymentMethod = 'stripe') {
  await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 2 });
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm(paymentMethod));
  expect(placed.json(), placed.body).toMatchObject({ success: true, redirect: paymentMethod === 'stripe' ? 'stripe' : 'confirmation' });
  return placed.json().order_id as number;
}

/**
 * The shopper on the provider's hosted page: opens it and presses Pay; returns where it sends them.
 * The link names the shop's public address; the test reaches the same path where the shop listens.
 */
async function payOnHostedPage(checkoutUrl: string): Promise<URL> {
  expect(checkoutUrl.startsWith('https://threadline.test/test-payments/checkout/')).toBe(true);
  const address = shop.app.server.address();
  const listening = new URL(new URL(checkoutUrl).pathname, `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  const page = await fetch(listening);
  const html = await page.text();
  expect(html).toContain('J$9,000.00');
  expect(html).toContain(messages.testPaymentNotice);
  const action = /action="([^"]+\/pay)"/.exec(html)?.[1];
  expect(action).toBeTruthy();
  const paid = await fetch(new URL(action ?? '', listening), { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return new URL(paid.headers.get('location') ?? '');
}

const unitsSold = async () =>
  (await shop.database.handle.db.selectFrom('products').select('units_sold').where('id', '=', productId).executeTakeFirstOrThrow())
    .units_sold;

describe('paying by card', () => {
  it('pays through the hosted page and completes once, whether the return or the webhook comes first', async () => {
    const shopper = await signUp(shop.app, { email: 'cardholder@example.com' });
    const orderId = await cardOrder(shopper);
    const soldBefore = await unitsSold();
    const session = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
    expect(session.statusCode, session.body).toBe(200);
    const { checkout_url: checkoutUrl } = session.json();
    expect(checkoutUrl).toMatch(/\/test-payments\/checkout\/cs_test_/);

    const returned = await payOnHostedPage(checkoutUrl);
    expect(`${returned.origin}${returned.pathname}`).toBe(`https://threadline.test/order-confirmation/${orderId}`);
    const sessionId = returned.searchParams.get('session_id') ?? '';

    const verified = await inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
    expect(verified.json()).toEqual({ success: true, payment_status: 'COMPLETED', order_id: orderId });
    await expect
      .poll(async () => (await shop.database.handle.db.selectFrom('payment_events').selectAll().execute()).length, { timeout: 5000 })
      .toBe(1);
    expect(
      (await inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId })).json().payment_status,
    ).toBe('COMPLETED');

    const order = (await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json();
    expect(order).toMatchObject({ payment_status: 'COMPLETED', status: 'processing' });
    expect(await unitsSold()).toBe(soldBefore + 2);
    // The customer's confirmation, once (the shop's own notice of the order goes to SHOP_EMAIL).
    const confirmations = () =>
      smtp.received.filter((mail) => mail.text.includes(order.order_number) && !mail.to.includes(shop.config.shopEmail));
    await expect.poll(() => confirmations().length).toBe(1);
    expect(confirmations()[0]?.text).toContain(messages.testPaymentNotice);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(confirmations()).toHaveLength(1);

    const again = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: messages.paymentAlreadyDone, request_id: expect.any(String) });
  });

  it('verifies webhook signatures and answers a replayed event without doing it twice', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const { checkout_url: checkoutUrl } = (await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`)).json();
    const sessionId = checkoutUrl.split('/').pop();
    await shop.database.handle.db
      .updateTable('test_payment_sessions')
      .set({ status: 'complete', payment_status: 'paid' })
      .where('id', '=', sessionId)
      .execute();
    const payload = JSON.stringify({
      id: 'evt_replayed_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session' } },
    });
    const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
      payload,
      secret: shop.config.stripe.webhookSecret,
    });
    const post = (headers: Record<string, string>) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders/payment/stripe/webhook/',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });

    const forged = await post({ 'stripe-signature': signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`) });
    expect(forged.statusCode).toBe(400);
    expect((await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json().payment_status).toBe('PENDING');

    const soldBefore = await unitsSold();
    expect((await post({ 'stripe-signature': signature })).statusCode).toBe(200);
    expect((await post({ 'stripe-signature': signature })).statusCode).toBe(200);
    expect((await inject(shopper, 'GET', `/api/orders/${orderId}/`)).json().payment_status).toBe('COMPLETED');
    expect(await unitsSold()).toBe(soldBefore + 2);
  });

  it('acknowledges and logs a signed event for a session the shop never opened, and still refuses a bad signature', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const app = await buildApp({ config: shop.config, database: shop.database.handle, logger });
    try {
      // Another integration on the same Stripe account: its sessions' events reach this endpoint too.
      const sessionId = 'cs_live_a1b2c3_from_the_pop_up_shop';
      const payload = JSON.stringify({
        id: 'evt_elsewhere_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
      });
      const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
        payload,
        secret: shop.config.stripe.webhookSecret,
      });
      const post = (stripeSignature: string) =>
        app.inject({
          method: 'POST',
          url: '/api/orders/payment/stripe/webhook/',
          headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature },
          payload,
        });

      const forged = await post(signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`));
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ error: 'Invalid webhook signature.', request_id: expect.any(String) });
      expect(warnings.join('')).not.toContain(sessionId);

      const acknowledged = await post(signature);
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
      expect(acknowledged.json()).toEqual({ received: true });
      const logged = warnings.map((line) => JSON.parse(line) as { msg: string; details?: { sessionId?: string; eventId?: string } });
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: 'acknowledged a card event for a session the shop did not open',
          details: expect.objectContaining({ sessionId, eventId: 'evt_elsewhere_1' }),
        }),
      );
      expect(
        await shop.database.handle.db.selectFrom('payments').select('id').where('provider_session_id', '=', sessionId).execute(),
      ).toEqual([]);
      // Sent again (Stripe's retries), it is answered the same and not looked into twice.
      expect((await post(signature)).json()).toEqual({ received: true });
      expect(logged.filter((line) => line.details?.sessionId === sessionId)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it("refuses another shopper's session and a payment that does not match the order", async () => {
    const owner = await startSession(shop.app);
    const orderId = await cardOrder(owner);
    const { checkout_url: checkoutUrl } = (await inject(owner, 'POST', `/api/orders/payment/stripe/${orderId}/`)).json();
    const sessionId = checkoutUrl.split('/').pop();
    const stranger = await startSession(shop.app);
    expect((await inject(stranger, 'POST', `/api/orders/payment/stripe/${orderId}/`)).statusCode).toBe(404);
    expect((await inject(stranger, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId })).statusCode).toBe(404);

    await shop.database.handle.db
      .updateTable('test_payment_sessions')
      .set({ amount_total: 100, status: 'complete', payment_status: 'paid' })
      .where('id', '=', sessionId)
      .execute();
    const mismatch = await inject(owner, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toEqual({ error: serverMessages.paymentMismatch, request_id: expect.any(String) });
    expect((await inject(owner, 'GET', `/api/orders/${orderId}/`)).json().payment_status).toBe('PENDING');
  });

  it('keeps the order pending while the provider has not been paid', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper);
    const { checkout_url: checkoutUrl } = (await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`)).json();
    const verified = await inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', {
      session_id: checkoutUrl.split('/').pop(),
    });
    expect(verified.json()).toEqual({ success: true, payment_status: 'PENDING', order_id: orderId });
  });

  it('tells the pages that card payments are test payments, and warns at start', async () => {
    const shopper = await startSession(shop.app);
    expect((await inject(shopper, 'GET', '/api/orders/payment/stripe/config/')).json()).toEqual({ test_payments: true });

    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const app = await buildApp({ config: shop.config, database: shop.database.handle, logger });
    await app.ready();
    await app.close();
    expect(warnings.join('')).toContain('card payments are test payments on the built-in test card provider, and no money is taken');
  });

  it('tells the pages that card payments are real with a Stripe key, and does not warn', async () => {
    const warnings: string[] = [];
    const config = { ...shop.config, stripe: { ...shop.config.stripe, secretKey: 'sk_test_a_real_stripe_account' } };
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const app = await buildApp({ config, database: shop.database.handle, logger });
    const answer = await app.inject({ method: 'GET', url: '/api/orders/payment/stripe/config/' });
    await app.close();
    expect(answer.json()).toEqual({ test_payments: false });
    expect(warnings.join('')).not.toContain('test payments');
  });

  it('refuses a card payment for a cash order', async () => {
    const shopper = await startSession(shop.app);
    const orderId = await cardOrder(shopper, 'cash_on_delivery');
    const response = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverMessages.paymentNotNeeded, request_id: expect.any(String) });
  });

  it('answers a payment link that is not one of its sessions with its not-found page, whatever the id holds', async () => {
    // (An id past the router's 100-character parameter limit gets the shop's own 404 page instead.)
    expect((await shop.app.inject({ method: 'GET', url: `/test-payments/checkout/${'x'.repeat(5000)}` })).statusCode).toBe(404);
    for (const id of ['cs_test_missing', 'cs_test_%00nul', '%E2%82%AC']) {
      for (const method of ['GET', 'POST'] as const) {
        const path = method === 'GET' ? `/test-payments/checkout/${id}` : `/test-payments/checkout/${id}/pay`;
        const response = await shop.app.inject({ method, url: path });
        expect(response.statusCode, `${method} ${path.slice(0, 60)}`).toBe(404);
        expect(response.body).toContain('This payment link is not valid.');
      }
    }
  });
});
