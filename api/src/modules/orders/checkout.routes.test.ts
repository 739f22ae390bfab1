import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectedByText, messages, serverMessages, type Order } from '@threadline/contracts';
import { createCategory, createProduct, createPromo } from '../../../test/factories.ts';
import { createTestShop, signUp, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';
import { ordersServiceOn } from '../../../test/order-jobs.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { statementsSentDuring, type SentStatement } from '../../../test/statements-sent.ts';
import { createMailer } from '../../mail/mailer.ts';
import { unpaidCashOrdersPerAccount } from './checkout.service.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let categoryId = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // Every shopper here comes from one address; the limits are tested in rate-limit.test.ts.
  shop = await createTestShop({
    seed: false,
    environment: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://threadline.test', RATE_LIMIT_SCALE: '50' },
  });
  categoryId = await createCategory(shop.database.handle.db, { name: 'Sneakers', slug: 'sneakers' });
  await createPromo(shop.database.handle.db, { code: 'WELCOME20', kind: 'percent', value: 20, firstOrderOnly: true, perCustomerLimit: 1 });
  await createPromo(shop.database.handle.db, { code: 'ONTHEHOUSE', kind: 'percent', value: 100 });
  await shop.ready();
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const form = {
  first_name: 'Ayesha',
  last_name: 'Campbell',
  email: 'ayesha@example.com',
  phone: '876 555 0100',
  address_line1: '12 Hope Road',
  address_line2: 'Apt 3',
  country: 'Jamaica',
  city: 'Kingston',
  parish: 'St. Andrew',
  postal_code: '',
  shipping_method: 'delivery',
  payment_method: 'cash_on_delivery',
  shipping_cost: 0,
  currency: 'USD',
};

async function product(stock: number, price = 1_000_000) {
  return createProduct(shop.database.handle.db, {
    name: `Runner ${stock}-${price}`,
    categoryId,
    price,
    variants: [{ size: '9', color: 'Black', stock }],
  });
}
async function shopperWith(productId: number, quantity: number, session?: ShopperSession) {
  const shopper = session ?? (await startSession(shop.app));
  const added = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/cart/',
    headers: shopper.headers,
    payload: { product_id: productId, quantity, variant_size: '9', variant_color: 'Black' },
  });
  expect(added.statusCode, added.body).toBe(200);
  return shopper;
}
const checkout = (shopper: ShopperSession, body: object = form, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/orders/checkout/', headers: { ...shopper.headers, ...headers }, payload: body });
const orderOf = async (shopper: ShopperSession, id: number): Promise<Order> =>
  (await shop.app.inject({ method: 'GET', url: `/api/orders/${id}/`, headers: shopper.headers })).json();
const stockOf = async (variantId: number) =>
  (await shop.database.handle.db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow())
    .stock;

describe('placing an order', () => {
  it('prices everything on the server, takes stock, empties the cart and e-mails the confirmation', async () => {
    const runner = await product(10, 1_000_000);
    const shopper = await shopperWith(runner.id, 2);
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/promo/',
      headers: shopper.headers,
      payload: { promo_code: 'WELCOME20' },
    });
    const response = await checkout(shopper, { ...form, email: 'first-timer@example.com', shipping_cost: 0, price: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ success: true, redirect: 'confirmation' });

    const order = await orderOf(shopper, answer.order_id);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'PENDING',
      payment_method: 'cash_on_delivery',
      subtotal: 20000,
      discount_amount: 4000,
      shipping_cost: 10,
      tax_amount: 0,
      total: 16010,
      total_amount: 16010,
      currency: 'USD',
      customer_name: 'Ayesha Campbell',
      shipping_address: { street_address: '12 Hope Road', city: 'Kingston', country: 'Jamaica' },
      item_count: 2,
    });
    expect(order.exchange_rate).toBeCloseTo(0.0064, 6);
    expect(order.order_number).toMatch(/^TL-\d{6}-[2-9A-HJ-NP-Z]{5}$/);
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(8);
    expect((await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: shopper.headers })).json().items).toEqual([]);

    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('first-timer@example.com')).length).toBe(1);
    const mail = smtp.received.find((entry) => entry.to.includes('first-timer@example.com'));
    expect(mail?.text).toContain(order.order_number);
    expect(mail?.text).toContain('Total: J$16,010.00');
    expect(mail?.text).toContain(`${expectedByText(order.promised_by ?? '')}.`);
  });

  it('draws the order number again when another order has it, and places the order', async () => {
    const runner = await product(5, 250_000);
    const first = await shopperWith(runner.id, 1);
    const second = await shopperWith(runner.id, 1);
    // Order numbers are drawn at random, five characters a draw: the first order draws TL-…-22222,
    // the second draws it too, then TL-…-JJJJJ. Other callers of Math.random are left their chance.
    const realRandom = Math.random;
    let drawnCharacters = 0;
    const random = vi.spyOn(Math, 'random').mockImplementation(() => {
      if (!new Error().stack?.includes('newOrderNumber')) return realRandom();
      drawnCharacters += 1;
      return drawnCharacters <= 10 ? 0 : 0.5;
    });
    try {
      const placed = await checkout(first, { ...form, email: 'first-draw@example.com' });
      expect(placed.statusCode, placed.body).toBe(200);
      const again = await checkout(second, { ...form, email: 'second-draw@example.com' });
      expect(again.statusCode, again.body).toBe(200);
      expect(drawnCharacters).toBe(15);
      expect((await orderOf(first, placed.json().order_id)).order_number).toMatch(/-22222$/);
      expect((await orderOf(second, again.json().order_id)).order_number).toMatch(/-JJJJJ$/);
      expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(3);
    } finally {
      random.mockRestore();
    }
  });

  it('charges nothing for pickup and ignores the shipping cost the page sends', async () => {
    const runner = await product(5, 250_000);
    const shopper = await shopperWith(runner.id, 1);
    const response = await checkout(shopper, {
      ...form,
      email: 'pickup@example.com',
      shipping_method: 'pickup',
      address_line1: '',
      city: '',
      country: '',
      shipping_cost: 99,
    });
    const order = await orderOf(shopper, response.json().order_id);
    expect(order).toMatchObject({ shipping_cost: 0, total: 2500, shipping_address: null, shipping_address_text: '' });
  });

  it("answers the spec's messages for missing fields and an empty cart", async () => {
    const runner = await product(5);
    const shopper = await shopperWith(runner.id, 1);
    for (const [change, error] of [
      [{ first_name: '' }, 'first name is required'],
      [{ phone: ' ' }, 'phone is required'],
      [{ address_line1: '' }, 'address is required'],
      [{ city: undefined }, 'city is required'],
    ] as const) {
      const response = await checkout(shopper, { ...form, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error, request_id: expect.any(String) });
    }
    const empty = await checkout(await startSession(shop.app));
    expect(empty.json()).toEqual({ error: serverMessages.checkoutEmptyCart, request_id: expect.any(String) });
  });

  it('sends a guest whose e-mail has an account to sign in', async () => {
    await signUp(shop.app, { email: 'member@example.com' });
    const runner = await product(5);
    const shopper = await shopperWith(runner.id, 1);
    const response = await checkout(shopper, { ...form, email: 'Member@Example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.checkoutExistingAccount, request_id: expect.any(String) });
  });

  it('lets only the session or account that placed an order see it', async () => {
    const runner = await product(5);
    const shopper = await shopperWith(runner.id, 1);
    const orderId = (await checkout(shopper, { ...form, email: 'private@example.com' })).json().order_id;
    const stranger = await startSession(shop.app);
    for (const url of [`/api/orders/${orderId}/`, `/api/orders/order/${orderId}/`]) {
      expect((await shop.app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode).toBe(200);
      const response = await shop.app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serverMessages.orderNotFound, request_id: expect.any(String) });
    }
  });

  it("lists a customer's own orders, newest first", async () => {
    const customer = await signUp(shop.app, { email: 'regular@example.com' });
    const runner = await product(10);
    for (const quantity of [1, 2]) {
      await shopperWith(runner.id, quantity, customer);
      expect((await checkout(customer, { ...form, email: 'regular@example.com' })).statusCode).toBe(200);
    }
    const list: Order[] = (await shop.app.inject({ method: 'GET', url: '/api/orders/', headers: customer.headers })).json();
    expect(list.map((order) => order.item_count)).toEqual([2, 1]);
    expect(
      (
        await shop.app.inject({
          method: 'GET',
          url: '/api/orders/',
          headers: (await signUp(shop.app, { email: 'other@example.com' })).headers,
        })
      ).json(),
    ).toEqual([]);
  });
});

describe("the customer's phone", () => {
  it('is kept on a profile that had none, so the next checkout offers it, and never replaces one the customer chose', async () => {
    const customer = await signUp(shop.app, { email: 'caller@example.com' });
    const profilePhone = async () =>
      (await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: customer.headers })).json().phone;
    expect(await profilePhone()).toBe('');
    const runner = await product(10);
    await shopperWith(runner.id, 1, customer);
    expect((await checkout(customer, { ...form, email: 'caller@example.com', phone: ' 876 555 0142 ' })).statusCode).toBe(200);
    await expect.poll(profilePhone).toBe('876 555 0142');

    await shopperWith(runner.id, 1, customer);
    expect((await checkout(customer, { ...form, email: 'caller@example.com', phone: '876 555 0999' })).statusCode).toBe(200);
    // The phone is kept just after the answer: time enough for it to be (wrongly) replaced.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await profilePhone()).toBe('876 555 0142');
  });
});

describe('never overselling', () => {
  it('fails the whole order with a message naming the product when stock ran out, writing nothing', async () => {
    const runner = await product(5);
    const first = await shopperWith(runner.id, 3);
    const second = await shopperWith(runner.id, 3);
    expect((await checkout(first, { ...form, email: 'a1@example.com' })).statusCode).toBe(200);
    const ordersBefore = await shop.database.handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await checkout(second, { ...form, email: 'a2@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: serverMessages.checkoutOutOfStock(`Runner 5-1000000 (9 / Black)`, 2),
      request_id: expect.any(String),
    });
    const ordersAfter = await shop.database.handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(ordersAfter.n)).toBe(Number(ordersBefore.n));
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(2);
    expect((await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: second.headers })).json().cart_count).toBe(3);
  });

  it('sells exactly the stock when 200 shoppers check out the last 5 at once', async () => {
    const runner = await product(5, 100_000);
    const shoppers = [];
    for (let index = 0; index < 200; index += 1) shoppers.push(await shopperWith(runner.id, 1));
    const answers = await Promise.all(shoppers.map((shopper, index) => checkout(shopper, { ...form, email: `rush${index}@example.com` })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(195);
    expect(answers.some((answer) => answer.statusCode >= 500)).toBe(false);
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(0);
    const sold = await shop.database.handle.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('units'))
      .where('product_id', '=', runner.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.units)).toBe(5);
  }, 60_000);
});

describe('retries make one order', () => {
  it('answers the same order for a repeated Idempotency-Key', async () => {
    const runner = await product(5);
    const shopper = await shopperWith(runner.id, 1);
    const key = { 'idempotency-key': 'place-order-attempt-1' };
    const [one, two] = await Promise.all([
      checkout(shopper, { ...form, email: 'k@example.com' }, key),
      checkout(shopper, { ...form, email: 'k@example.com' }, key),
    ]);
    expect(one.json().order_id).toBe(two.json().order_id);
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(4);
  });

  it('answers the same order when the same form is sent again after the cart was emptied', async () => {
    const runner = await product(5);
    const shopper = await shopperWith(runner.id, 1);
    const first = await checkout(shopper, { ...form, email: 'retry@example.com' });
    const again = await checkout(shopper, { ...form, email: 'retry@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json().order_id).toBe(first.json().order_id);
    const different = await checkout(shopper, { ...form, email: 'retry@example.com', phone: '876 000 0000' });
    expect(different.json()).toEqual({ error: serverMessages.checkoutEmptyCart, request_id: expect.any(String) });
  });

  it("answers a key only for its shopper's same request: another shopper, form or cart under it is refused (422)", async () => {
    const runner = await product(10);
    const shopper = await shopperWith(runner.id, 1);
    const key = { 'idempotency-key': 'shared-key-1' };
    const placed = await checkout(shopper, { ...form, email: 'keyed@example.com' }, key);
    expect(placed.statusCode).toBe(200);

    const stranger = await shopperWith(runner.id, 2);
    const strangers = await checkout(stranger, { ...form, email: 'keyed@example.com' }, key);
    expect(strangers.statusCode).toBe(422);
    expect(strangers.json()).toEqual({ error: serverMessages.idempotencyKeyReused, request_id: expect.any(String) });
    expect((await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: stranger.headers })).json().cart_count).toBe(2);

    expect((await checkout(shopper, { ...form, email: 'keyed@example.com', phone: '876 000 0001' }, key)).statusCode).toBe(422);
    expect((await checkout(shopper, { ...form, email: 'keyed@example.com' }, key)).json().order_id).toBe(placed.json().order_id);

    await shopperWith(runner.id, 3, shopper);
    const newCart = await checkout(shopper, { ...form, email: 'keyed@example.com' }, key);
    expect(newCart.statusCode).toBe(422);
    expect((await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: shopper.headers })).json().cart_count).toBe(3);
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(9);

    const badKey = await checkout(shopper, { ...form, email: 'keyed@example.com' }, { 'idempotency-key': 'x'.repeat(101) });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual({ error: serverMessages.idempotencyKeyInvalid, request_id: expect.any(String) });
  });
});

describe("a signed-in customer's cash orders waiting for delivery", () => {
  const unpaidCash = async (userId: number) =>
    (
      await shop.database.handle.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('payment_method', '=', 'cash_on_delivery')
        .where('payment_status', '=', 'PENDING')
        .where('status', '<>', 'cancelled')
        .execute()
    ).length;

  it(`are ${unpaidCashOrdersPerAccount} at most: the next cash order is refused with what to do, card still pays, and one delivered makes room`, async () => {
    const runner = await product(200);
    const customer = await signUp(shop.app, { email: 'fresh-account@example.com' });
    const order = { ...form, email: 'fresh-account@example.com', shipping_method: 'pickup' };
    const placed: number[] = [];
    for (let count = 0; count < unpaidCashOrdersPerAccount; count += 1) {
      await shopperWith(runner.id, 20, customer);
      const answer = await checkout(customer, order, { 'idempotency-key': `held-${count}` });
      expect(answer.statusCode, answer.body).toBe(200);
      placed.push(answer.json().order_id);
    }
    // Sent again, an order already placed is answered with it, cap or not.
    expect((await checkout(customer, order, { 'idempotency-key': `held-${unpaidCashOrdersPerAccount - 1}` })).json().order_id).toBe(
      placed.at(-1),
    );

    await shopperWith(runner.id, 20, customer);
    const refused = await checkout(customer, order);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: serverMessages.tooManyUnpaidCashOrders(unpaidCashOrdersPerAccount),
      request_id: expect.any(String),
    });
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(200 - 20 * unpaidCashOrdersPerAccount);
    expect((await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: customer.headers })).json().cart_count).toBe(20);
    expect(await unpaidCash(customer.userId)).toBe(unpaidCashOrdersPerAccount);

    const byCard = await checkout(customer, { ...order, payment_method: 'stripe' });
    expect(byCard.statusCode, byCard.body).toBe(200);
    // The courier hands one over and collects the cash: the customer may order cash again.
    await shop.database.handle.db
      .updateTable('orders')
      .set({ status: 'delivered', payment_status: 'COMPLETED' })
      .where('id', '=', placed[0] ?? 0)
      .execute();
    await shopperWith(runner.id, 1, customer);
    expect((await checkout(customer, order)).statusCode).toBe(200);
    expect(await unpaidCash(customer.userId)).toBe(unpaidCashOrdersPerAccount);
  });

  it('stay within the cap when an account adds and checks out from several tabs at once', async () => {
    const runner = await product(100);
    const customer = await signUp(shop.app, { email: 'many-tabs@example.com' });
    const order = { ...form, email: 'many-tabs@example.com', shipping_method: 'pickup' };
    // Three orders placed, then four tabs, each adding a unit and placing a cash order five times
    // over, all at once: without the cap more than five are placed (until 2026-11-29, 25 were).
    const first: number[] = [];
    for (let count = 0; count < 3; count += 1) {
      await shopperWith(runner.id, 1, customer);
      const placed = await checkout(customer, order);
      expect(placed.statusCode).toBe(200);
      first.push(placed.json().order_id);
    }
    const tabs = await Promise.all(
      Array.from({ length: 4 }, async (_, tab) => {
        const answers = [];
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await shopperWith(runner.id, 1, customer);
          answers.push(await checkout(customer, order, { 'idempotency-key': `tab-${tab}-${attempt}` }));
        }
        return answers;
      }),
    );
    const answers = tabs.flat();
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
    expect(await unpaidCash(customer.userId)).toBe(unpaidCashOrdersPerAccount);
    // A checkout of an emptied cart with the same form is a retry, answered with the order it made.
    const placed = new Set([...first, ...answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().order_id)]);
    expect(placed.size).toBe(unpaidCashOrdersPerAccount);
    const refusals = answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().error);
    expect(refusals).toContain(serverMessages.tooManyUnpaidCashOrders(unpaidCashOrdersPerAccount));
    expect(
      refusals.every(
        (error) =>
          error === serverMessages.checkoutEmptyCart || error === serverMessages.tooManyUnpaidCashOrders(unpaidCashOrdersPerAccount),
      ),
    ).toBe(true);
  });
});

describe('promo codes at checkout', () => {
  it('drops WELCOME20 on a second order, with a message, and charges no discount silently', async () => {
    const runner = await product(10);
    const first = await shopperWith(runner.id, 1);
    await shop.app.inject({ method: 'POST', url: '/api/orders/cart/promo/', headers: first.headers, payload: { promo_code: 'WELCOME20' } });
    expect((await checkout(first, { ...form, email: 'twice@example.com' })).statusCode).toBe(200);

    const second = await shopperWith(runner.id, 1);
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/promo/',
      headers: second.headers,
      payload: { promo_code: 'WELCOME20' },
    });
    const refused = await checkout(second, { ...form, email: 'TWICE@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: serverMessages.promoDropped('WELCOME20', serverMessages.promoFirstOrderOnly),
      request_id: expect.any(String),
    });
    const cart = (await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: second.headers })).json();
    expect(cart).toMatchObject({ promo_code: null, cart_count: 1 });
  });
});

/** A mailer that only notes whom each e-mail was for. */
function recordingMailer() {
  const sent: string[] = [];
  return { sent, mailer: { send: async (message: { to: string }) => void sent.push(message.to), close: async () => undefined } };
}

const mailedAt = async (orderId: number) =>
  (await shop.database.handle.db.selectFrom('orders').select('confirmation_mailed_at').where('id', '=', orderId).executeTakeFirstOrThrow())
    .confirmation_mailed_at;

describe('order confirmation e-mails', () => {
  it('go out once for every order of a burst of checkouts', async () => {
    const runner = await product(10);
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopperWith(runner.id, 1)));
    const answers = await Promise.all(shoppers.map((shopper, index) => checkout(shopper, { ...form, email: `burst${index}@example.com` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const index of shoppers.keys()) {
      await expect
        .poll(() => smtp.received.filter((mail) => mail.to.includes(`burst${index}@example.com`)).length, { timeout: 10_000 })
        .toBe(1);
    }
    const claimed = await shop.database.handle.db
      .selectFrom('orders')
      .select('confirmation_sent_at')
      .where(
        'id',
        'in',
        answers.map((answer) => answer.json().order_id),
      )
      .execute();
    expect(claimed.every((order) => order.confirmation_sent_at !== null)).toBe(true);
  });

  it('are all sent, each once, before a closing shop says it is done', async () => {
    const { sent, mailer } = recordingMailer();
    const service = ordersServiceOn(shop.database.handle, shop.config.secretKey, mailer);
    const runner = await product(1);
    const shopper = await shopperWith(runner.id, 1);
    const order = await orderOf(shopper, (await checkout(shopper, { ...form, email: 'queued@example.com' })).json().order_id);
    for (let index = 0; index < 250; index += 1)
      service.queueClaimedConfirmation({ ...order, email: `queued${index}@example.com` }, 'https://threadline.test');
    await service.confirmationsSent();
    expect(sent).toHaveLength(250);
    expect(new Set(sent).size).toBe(250);
  });
});

describe('a confirmation e-mail the mail server never took', () => {
  /** A cash order whose confirmation the mail server has taken. */
  async function mailedOrder(email: string): Promise<number> {
    const runner = await product(3);
    const shopper = await shopperWith(runner.id, 1);
    const orderId: number = (await checkout(shopper, { ...form, email })).json().order_id;
    await expect.poll(() => mailedAt(orderId)).not.toBeNull();
    return orderId;
  }

  it('is sent again by the periodic job, once however many processes run it, and not while still fresh', async () => {
    const orderId = await mailedOrder('lost-mail@example.com');
    const { db } = shop.database.handle;

    // As if the process that claimed it had died before the mail server took it.
    const claimedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    await db
      .updateTable('orders')
      .set({ confirmation_sent_at: claimedAt, confirmation_mailed_at: null })
      .where('id', '=', orderId)
      .execute();
    const { sent, mailer } = recordingMailer();
    const job = () => ordersServiceOn(shop.database.handle, shop.config.secretKey, mailer);

    expect(await job().resendUnmailedConfirmations('https://threadline.test', new Date(Date.parse(claimedAt) + 60_000))).toBe(0);
    const counts = await Promise.all([
      job().resendUnmailedConfirmations('https://threadline.test'),
      job().resendUnmailedConfirmations('https://threadline.test'),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(sent).toEqual(['lost-mail@example.com']);
    expect(await mailedAt(orderId)).not.toBeNull();
    expect(await job().resendUnmailedConfirmations('https://threadline.test', new Date(Date.now() + 10 * 60_000))).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('is given up after a day', async () => {
    const orderId = await mailedOrder('old-mail@example.com');
    const { db } = shop.database.handle;
    await db
      .updateTable('orders')
      .set({ confirmation_sent_at: new Date(Date.now() - 25 * 60 * 60_000).toISOString(), confirmation_mailed_at: null })
      .where('id', '=', orderId)
      .execute();
    const { sent, mailer } = recordingMailer();
    const job = ordersServiceOn(shop.database.handle, shop.config.secretKey, mailer);
    expect(await job.resendUnmailedConfirmations('https://threadline.test')).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe('an order of J$0', () => {
  it.each([
    ['stripe', 409, messages.paymentAlreadyDone],
    ['cash_on_delivery', 400, serverMessages.paymentNotNeeded],
  ])('is placed paid with no card session when %s was picked, and stays sold', async (paymentMethod, cardStatus, cardError) => {
    const runner = await product(5, 300_000);
    const shopper = await shopperWith(runner.id, 2);
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/promo/',
      headers: shopper.headers,
      payload: { promo_code: 'ONTHEHOUSE' },
    });
    const email = `free-${paymentMethod}@example.com`;
    const response = await checkout(shopper, { ...form, email, shipping_method: 'pickup', payment_method: paymentMethod });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, redirect: 'confirmation' });
    const orderId: number = response.json().order_id;
    expect(await orderOf(shopper, orderId)).toMatchObject({
      total: 0,
      discount_amount: 6000,
      payment_status: 'COMPLETED',
      status: 'processing',
      payment_method: paymentMethod,
    });
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(3);
    const { units_sold } = await shop.database.handle.db
      .selectFrom('products')
      .select('units_sold')
      .where('id', '=', runner.id)
      .executeTakeFirstOrThrow();
    expect(units_sold).toBe(2);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length).toBe(1);

    const card = await shop.app.inject({ method: 'POST', url: `/api/orders/payment/stripe/${orderId}/`, headers: shopper.headers });
    expect(card.statusCode).toBe(cardStatus);
    expect(card.json()).toEqual({ error: cardError, request_id: expect.any(String) });
    const mailer = createMailer({ smtpUrl: null, from: 'test@threadline.test', outboxDir: shop.config.outboxDir, log: () => undefined });
    await ordersServiceOn(shop.database.handle, shop.config.secretKey, mailer).cancelExpiredOrders(new Date(Date.now() + 24 * 60 * 60_000));
    expect(await orderOf(shopper, orderId)).toMatchObject({ status: 'processing', payment_status: 'COMPLETED' });
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(3);
  });
});

describe('unpaid card orders', () => {
  it('are cancelled after their time, putting the stock back, once however many processes run the job', async () => {
    const runner = await product(5);
    const shopper = await shopperWith(runner.id, 2);
    const orderId = (await checkout(shopper, { ...form, email: 'slowpay@example.com', payment_method: 'stripe' })).json().order_id;
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(3);
    const mailer = createMailer({ smtpUrl: null, from: 'test@threadline.test', outboxDir: shop.config.outboxDir, log: () => undefined });
    const job = ordersServiceOn(shop.database.handle, shop.config.secretKey, mailer);
    const later = new Date(Date.now() + 61 * 60_000);
    const results = await Promise.all([job.cancelExpiredOrders(later), job.cancelExpiredOrders(later)]);
    expect(results.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(5);
    expect(await orderOf(shopper, orderId)).toMatchObject({ status: 'cancelled', payment_status: 'FAILED' });
    await job.cancelExpiredOrders(later);
    expect(await stockOf(runner.variantIds[0] ?? 0)).toBe(5);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL?.startsWith('postgres'))('round trips to PostgreSQL', () => {
  it("are at most eight for a guest's cash order, its last writes going with its COMMIT, every value bound", async () => {
    const runner = await product(20);
    /** The statements a guest's cash order sends up to its COMMIT, once its e-mail (which trails the answer) is sent. */
    async function countedOrder(email: string): Promise<SentStatement[]> {
      const shopper = await shopperWith(runner.id, 1);
      let orderId = 0;
      const sent = await statementsSentDuring(async () => {
        const placed = await checkout(shopper, { ...form, email });
        expect(placed.statusCode, placed.body).toBe(200);
        orderId = placed.json().order_id as number;
      });
      const mailed = () =>
        shop.database.handle.db.selectFrom('orders').select('confirmation_mailed_at').where('id', '=', orderId).executeTakeFirstOrThrow();
      await expect.poll(async () => (await mailed()).confirmation_mailed_at).not.toBeNull();
      const committedAt = sent.findIndex((statement) => statement.text === 'COMMIT');
      expect(committedAt, texts(sent)).toBeGreaterThan(0);
      return sent.slice(0, committedAt + 1);
    }
    const texts = (sent: SentStatement[]) => sent.map((statement) => `${statement.pipelined ? '  + ' : ''}${statement.text}`).join('\n');
    // The day's rates and the shop's charges are read once and kept.
    const orders = [];
    for (let index = 0; index < 3; index += 1) orders.push(await countedOrder(`counted-${index}@example.com`));
    const roundTrips = (sent: SentStatement[]) => sent.filter((statement) => !statement.pipelined).length;
    const fewest = orders.reduce((least, sent) => (roundTrips(sent) < roundTrips(least) ? sent : least));
    expect(roundTrips(fewest), texts(fewest)).toBeLessThanOrEqual(8);
    // The stock, the product's sold count and the day's figures: written with the COMMIT, in its round trip.
    const lastTrip = fewest.slice(fewest.findLastIndex((statement) => !statement.pipelined));
    expect(
      lastTrip.map((statement) => statement.text.split(' ').slice(0, 2).join(' ')),
      texts(fewest),
    ).toEqual(expect.arrayContaining(['update "product_variants"', 'update "products"', 'COMMIT']));
    // Values are bound: no statement carries the shopper's e-mail, name or address in its text.
    expect(fewest.filter((statement) => /@example\.com|Ayesha|Hope Road/.test(statement.text)).map((statement) => statement.text)).toEqual(
      [],
    );
  });
});
