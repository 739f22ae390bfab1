import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct, createPromo } from '../../../test/factories.ts';
import { createTestShop, signUp, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';
import { callJson, startHttpSession, startServerProcesses, type ServerProcesses } from '../../../test/server-processes.ts';

let shop: TestShop;
let productId = 0;
let capVariantId = 0;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  const product = await createProduct(shop.database.handle.db, {
    name: 'Irie Cap',
    categoryId: category,
    price: 450_000,
    variants: [{ stock: 500 }],
  });
  productId = product.id;
  capVariantId = product.variantIds[0] ?? 0;
  await createPromo(shop.database.handle.db, { code: 'CAPS10', kind: 'percent', value: 10 });
  // The official SDK reaches the built-in provider over real HTTP, so the shop listens on a free port.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await shop.close();
});

const inject = (shopper: ShopperSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: shopper.headers, ...(payload ? { payload } : {}) });

const stock = async () =>
  (await shop.database.handle.db.selectFrom('product_variants').select('stock').where('id', '=', capVariantId).executeTakeFirstOrThrow())
    .stock;

/** The product's stock row the back office lists (ADR 23), brought up to date after the order's commit (ADR 36) and in its cancellation. */
async function productStock() {
  await shop.app.inventory.summaries.settled();
  return (
    await shop.database.handle.db.selectFrom('product_stock').select('stock').where('product_id', '=', productId).executeTakeFirstOrThrow()
  ).stock;
}

/** The stock the product page shows (its answer is cached for a while). */
const shownStock = async () =>
  (await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/` })).json().variants[0].stock as number;

const cartOf = async (shopper: ShopperSession) => (await inject(shopper, 'GET', '/api/orders/cart/')).json();

async function placeOrder(shopper: ShopperSession, quantity: number, options: { promo?: string; paymentMethod?: string } = {}) {
  await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity });
  const promo = options.promo ? await inject(shopper, 'POST', '/api/orders/cart/promo/', { promo_code: options.promo }) : null;
  expect(promo?.statusCode ?? 200, promo?.body).toBe(200);
  const placed = await inject(shopper, 'POST', '/api/orders/checkout/', pickupCheckoutForm(options.paymentMethod ?? 'stripe'));
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order_id as number;
}

/** Opens a card session for the order; the session id, as the provider's page link names it. */
async function startCardSession(shopper: ShopperSession, orderId: number): Promise<string> {
  const session = await inject(shopper, 'POST', `/api/orders/payment/stripe/${orderId}/`);
  expect(session.statusCode, session.body).toBe(200);
  return String(session.json().checkout_url).split('/').pop() ?? '';
}

const providerSession = async (sessionId: string) =>
  shop.database.handle.db
    .selectFrom('test_payment_sessions')
    .select(['status', 'payment_status'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();

/** The shopper presses Pay on the provider's hosted page. */
async function payOnHostedPage(sessionId: string) {
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return fetch(`http://127.0.0.1:${port}/test-payments/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
}

describe('a shopper cancels an unpaid card order', () => {
  it('cancels it, closes its card session, returns the stock and puts the items back into the cart with what it holds', async () => {
    const shopper = await startSession(shop.app);
    const before = await stock();
    const productBefore = await productStock();
    const orderId = await placeOrder(shopper, 2, { promo: 'CAPS10' });
    const sessionId = await startCardSession(shopper, orderId);
    expect(await stock()).toBe(before - 2);
    expect(await productStock()).toBe(productBefore - 2);
    expect(await shownStock()).toBe(before - 2);
    expect((await cartOf(shopper)).items).toEqual([]);
    // Something added to the cart since joins the order's items.
    await inject(shopper, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });

    const cancelled = await inject(shopper, 'POST', `/api/orders/${orderId}/cancel/`);

    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      success: true,
      message: messages.orderCancelledByShopper,
      order: { id: orderId, status: 'cancelled', payment_status: 'FAILED' },
    });
    expect(await stock()).toBe(before);
    expect(await productStock()).toBe(productBefore);
    expect(await shownStock()).toBe(before);
    const cart = await cartOf(shopper);
    expect(cart.items.map((item: { product_id: number; quantity: number }) => [item.product_id, item.quantity])).toEqual([[productId, 3]]);
    expect(cart).toMatchObject({ promo_code: 'CAPS10', promo_code_valid: true });
    expect(await providerSession(sessionId)).toMatchObject({ status: 'expired' });
    const promo = await shop.database.handle.db
      .selectFrom('promo_codes')
      .select('times_used')
      .where('code', '=', 'CAPS10')
      .executeTakeFirstOrThrow();
    expect(promo.times_used).toBe(0);
    // The provider's page no longer takes the payment.
    expect((await payOnHostedPage(sessionId)).status).toBe(409);
  });

  it("puts a customer's order back into the account's cart", async () => {
    const customer = await signUp(shop.app, { email: 'cancel.customer@example.com' });
    const orderId = await placeOrder(customer, 4);
    const cancelled = await inject(customer, 'POST', `/api/orders/${orderId}/cancel/`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await cartOf(customer)).cart_count).toBe(4);
  });

  it("refuses another shopper's order, a cash order, a paid order and one already cancelled", async () => {
    const owner = await startSession(shop.app);
    const stranger = await startSession(shop.app);
    const orderId = await placeOrder(owner, 1);
    expect((await inject(stranger, 'POST', `/api/orders/${orderId}/cancel/`)).json()).toEqual({
      error: serverMessages.orderNotFound,
      request_id: expect.any(String),
    });
    expect((await inject(owner, 'GET', `/api/orders/${orderId}/`)).json().status).toBe('pending');

    expect((await inject(owner, 'POST', `/api/orders/${orderId}/cancel/`)).statusCode).toBe(200);
    const again = await inject(owner, 'POST', `/api/orders/${orderId}/cancel/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: serverMessages.orderAlreadyCancelled, request_id: expect.any(String) });
    expect((await cartOf(owner)).cart_count).toBe(1);

    const cashOrder = await placeOrder(owner, 1, { paymentMethod: 'cash_on_delivery' });
    const cash = await inject(owner, 'POST', `/api/orders/${cashOrder}/cancel/`);
    expect(cash.statusCode).toBe(409);
    expect(cash.json()).toEqual({ error: serverMessages.orderNotCancellable, request_id: expect.any(String) });

    const paidOrder = await placeOrder(owner, 1);
    const sessionId = await startCardSession(owner, paidOrder);
    expect((await payOnHostedPage(sessionId)).status).toBe(303);
    const paid = await inject(owner, 'POST', `/api/orders/${paidOrder}/cancel/`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ error: messages.paymentAlreadyDone, request_id: expect.any(String) });
    expect((await inject(owner, 'GET', `/api/orders/${paidOrder}/`)).json()).toMatchObject({
      status: 'processing',
      payment_status: 'COMPLETED',
    });
  });

  it('never both pays and cancels an order when Pay and Cancel race', async () => {
    const before = await stock();
    const races = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const shopper = await startSession(shop.app);
        const orderId = await placeOrder(shopper, 1);
        const sessionId = await startCardSession(shopper, orderId);
        const [cancel, pay] = await Promise.all([inject(shopper, 'POST', `/api/orders/${orderId}/cancel/`), payOnHostedPage(sessionId)]);
        // The webhook and the shopper's return both settle; the return is what the page does.
        if (pay.status === 303) await inject(shopper, 'POST', '/api/orders/payment/stripe/verify-session/', { session_id: sessionId });
        return { shopper, orderId, cancel: cancel.statusCode, pay: pay.status };
      }),
    );
    const outcomes = await Promise.all(
      races.map(async (race) => {
        const order = (await inject(race.shopper, 'GET', `/api/orders/${race.orderId}/`)).json();
        const payment = await shop.database.handle.db
          .selectFrom('payments')
          .select('status')
          .where('order_id', '=', race.orderId)
          .executeTakeFirstOrThrow();
        return {
          order: order.status,
          cancel: race.cancel,
          payment: payment.status,
          inCart: (await cartOf(race.shopper)).cart_count,
          paidAtProvider: race.pay === 303,
        };
      }),
    );
    // Paid: the cancel was refused and the cart stays empty. Cancelled: the items are back, and a
    // payment the provider took after all was given back, never kept.
    const paidWins = { order: 'processing', cancel: 409, payment: 'completed', inCart: 0, paidAtProvider: true };
    const cancelWins = (paidAtProvider: boolean) => ({
      order: 'cancelled',
      cancel: 200,
      payment: paidAtProvider ? 'refunded' : 'expired',
      inCart: 1,
      paidAtProvider,
    });
    for (const outcome of outcomes) expect([paidWins, cancelWins(outcome.paidAtProvider)]).toContainEqual(outcome);
    const paidOrders = outcomes.filter((outcome) => outcome.order === 'processing').length;
    expect(await stock()).toBe(before - paidOrders);
  });
});

describe('two server processes on one database', () => {
  let processes: ServerProcesses;
  beforeAll(async () => {
    processes = await startServerProcesses(2);
  }, 60_000);
  afterAll(async () => processes?.close());

  async function httpCardOrder(url: string, quantity: number) {
    const shopper = await startHttpSession(url);
    const variant = await processes.database.handle.db
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'size', 'color'])
      .where('stock', '>=', 20)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await callJson(url, 'POST', '/api/orders/cart/', shopper.headers, {
      product_id: variant.product_id,
      quantity,
      variant_size: variant.size ?? undefined,
      variant_color: variant.color ?? undefined,
    });
    const placed = await callJson(url, 'POST', '/api/orders/checkout/', shopper.headers, pickupCheckoutForm());
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = Number(placed.body.order_id);
    const started = await callJson(url, 'POST', `/api/orders/payment/stripe/${orderId}/`, shopper.headers);
    const sessionId = String(started.body.checkout_url).split('/').pop() ?? '';
    return { shopper, orderId, sessionId, variantId: variant.id };
  }

  const variantStock = async (variantId: number) =>
    (
      await processes.database.handle.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow()
    ).stock;

  it('cancel an order once when both are asked at once: the items come back once', async () => {
    const [one = '', two = ''] = processes.urls;
    const { shopper, orderId, variantId } = await httpCardOrder(one, 2);
    const before = await variantStock(variantId);
    const answers = await Promise.all(
      [one, two, one, two].map((url) => callJson(url, 'POST', `/api/orders/${orderId}/cancel/`, shopper.headers)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await callJson(two, 'GET', '/api/orders/cart/', shopper.headers)).body.cart_count).toBe(2);
    expect(await variantStock(variantId)).toBe(before + 2);
  });

  it('never both pay and cancel an order when Pay on one and Cancel on the other race', async () => {
    const [one = '', two = ''] = processes.urls;
    const races = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const order = await httpCardOrder(one, 1);
        const [cancel, pay] = await Promise.all([
          callJson(two, 'POST', `/api/orders/${order.orderId}/cancel/`, order.shopper.headers),
          fetch(`${one}/test-payments/checkout/${order.sessionId}/pay`, { method: 'POST', redirect: 'manual' }),
        ]);
        if (pay.status === 303)
          await callJson(two, 'POST', '/api/orders/payment/stripe/verify-session/', order.shopper.headers, { session_id: order.sessionId });
        const { db } = processes.database.handle;
        return {
          order: (await db.selectFrom('orders').select('status').where('id', '=', order.orderId).executeTakeFirstOrThrow()).status,
          cancel: cancel.status,
          payment: (await db.selectFrom('payments').select('status').where('order_id', '=', order.orderId).executeTakeFirstOrThrow())
            .status,
          inCart: (await callJson(one, 'GET', '/api/orders/cart/', order.shopper.headers)).body.cart_count,
          paidAtProvider: pay.status === 303,
        };
      }),
    );
    const paidWins = { order: 'processing', cancel: 409, payment: 'completed', inCart: 0, paidAtProvider: true };
    const cancelWins = (paidAtProvider: boolean) => ({
      order: 'cancelled',
      cancel: 200,
      payment: paidAtProvider ? 'refunded' : 'expired',
      inCart: 1,
      paidAtProvider,
    });
    for (const race of races) expect([paidWins, cancelWins(race.paidAtProvider)]).toContainEqual(race);
  });
});
