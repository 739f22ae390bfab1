import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@threadline/contracts';
import { createCategory, createProduct, createPromo } from '../../../test/factories.ts';
import { createTestShop, signUp, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';
import {
  callJson,
  startHttpSession,
  startServerProcesses,
  type HttpShopper,
  type ServerProcesses,
} from '../../../test/server-processes.ts';
import type { Db } from '../../db/database.ts';

const form = {
  first_name: 'Ayesha',
  last_name: 'Campbell',
  email: 'ayesha@example.com',
  phone: '876 555 0100',
  address_line1: '',
  address_line2: '',
  country: '',
  city: '',
  parish: '',
  postal_code: '',
  shipping_method: 'pickup',
  // Card orders: a guest's cash orders are limited to three a day (ADR 9), which would refuse most
  // of these tries before they could race.
  payment_method: 'stripe',
  currency: 'JMD',
};

const ordersOfSession = async (db: Db, sessionKeyHolder: { sessionId: number }) =>
  db.selectFrom('orders').select(['id', 'promo_code_id']).where('session_id', '=', sessionKeyHolder.sessionId).execute();
const stockOf = async (db: Db, variantId: number) =>
  (await db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
const redemptionsOf = async (db: Db, code: string, customerKey: string) =>
  db
    .selectFrom('promo_redemptions')
    .innerJoin('promo_codes', 'promo_codes.id', 'promo_redemptions.promo_code_id')
    .select(['promo_redemptions.customer_key', 'promo_redemptions.order_id'])
    .where('promo_codes.code', '=', code)
    .where('promo_redemptions.customer_key', '=', customerKey)
    .execute();
const timesUsed = async (db: Db, code: string) =>
  (await db.selectFrom('promo_codes').select('times_used').where('code', '=', code).executeTakeFirstOrThrow()).times_used;
const sessionIdOf = async (db: Db, orderId: number) =>
  (await db.selectFrom('orders').select('session_id').where('id', '=', orderId).executeTakeFirstOrThrow()).session_id;

describe('concurrent requests to one server', () => {
  let shop: TestShop;
  let categoryId = 0;
  const db = () => shop.database.handle.db;

  beforeAll(async () => {
    shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50' } });
    categoryId = await createCategory(db(), { name: 'Sneakers', slug: 'sneakers' });
    await createPromo(db(), { code: 'WELCOME20', kind: 'percent', value: 20, firstOrderOnly: true, perCustomerLimit: 1 });
    await createPromo(db(), { code: 'TWICE10', kind: 'percent', value: 10, perCustomerLimit: 2 });
    await createPromo(db(), { code: 'FIRST3', kind: 'fixed', value: 10_000, usageLimit: 3 });
    await shop.ready();
  });
  afterAll(() => shop.close());

  const product = (stock: number) =>
    createProduct(db(), { name: `Runner ${stock}`, categoryId, price: 500_000, variants: [{ size: '9', color: 'Black', stock }] });
  const add = (shopper: ShopperSession, productId: number, quantity = 1) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: shopper.headers,
      payload: { product_id: productId, quantity, variant_size: '9', variant_color: 'Black' },
    });
  const applyPromo = (shopper: ShopperSession, code: string) =>
    shop.app.inject({ method: 'POST', url: '/api/orders/cart/promo/', headers: shopper.headers, payload: { promo_code: code } });
  const checkout = (shopper: ShopperSession, body: object, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url: '/api/orders/checkout/', headers: { ...shopper.headers, ...headers }, payload: body });
  async function guestWith(productId: number, quantity = 1) {
    const shopper = await startSession(shop.app);
    expect((await add(shopper, productId, quantity)).statusCode).toBe(200);
    return shopper;
  }

  it('makes one order of one cart checked out from several tabs at once, with or without keys', async () => {
    const runner = await product(20);
    const shopper = await guestWith(runner.id, 2);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => checkout(shopper, form)),
      ...Array.from({ length: 3 }, (_, index) => checkout(shopper, form, { 'idempotency-key': `tab-${index}` })),
      checkout(shopper, { ...form, phone: '876 555 0199' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
    const placed = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().order_id);
    expect(new Set(placed).size).toBe(1);
    const orderId = placed[0] ?? 0;
    const sessionId = (await sessionIdOf(db(), orderId)) ?? 0;
    expect(await ordersOfSession(db(), { sessionId })).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: serverMessages.checkoutEmptyCart, request_id: expect.any(String) });
    }
    expect(await stockOf(db(), runner.variantIds[0] ?? 0)).toBe(18);
  });

  it('gives a first-order code to one of a signed-in customer’s concurrent checkouts', async () => {
    const runner = await product(20);
    const customer = await signUp(shop.app, { email: 'rush-member@example.com' });
    expect((await add(customer, runner.id, 1)).statusCode).toBe(200);
    expect((await applyPromo(customer, 'WELCOME20')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(customer, { ...form, email: 'rush-member@example.com' })));
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
    const orders = await db().selectFrom('orders').select(['id', 'discount_amount']).where('user_id', '=', customer.userId).execute();
    expect(orders).toHaveLength(1);
    expect(await redemptionsOf(db(), 'WELCOME20', `user:${customer.userId}`)).toHaveLength(1);
    expect(await stockOf(db(), runner.variantIds[0] ?? 0)).toBe(19);
  });

  // Each of these races is lost only now and then by a wrong server, so each is run a few times.
  const rounds = [1, 2, 3];

  it('gives a first-order code to one order of guests sharing an e-mail, however many check out at once', async () => {
    const runner = await product(60);
    for (const round of rounds) {
      const guests = await Promise.all(Array.from({ length: 6 }, () => guestWith(runner.id)));
      for (const guest of guests) expect((await applyPromo(guest, 'WELCOME20')).statusCode).toBe(200);
      const answers = await Promise.all(guests.map((guest) => checkout(guest, { ...form, email: ` Same.Buyer${round}@Example.com ` })));
      expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error)).toEqual(
        Array.from({ length: 5 }, () => serverMessages.promoDropped('WELCOME20', serverMessages.promoFirstOrderOnly)),
      );
      expect(await redemptionsOf(db(), 'WELCOME20', `email:same.buyer${round}@example.com`)).toHaveLength(1);
    }
  });

  it('holds a per-customer limit of 2 across concurrent checkouts of one e-mail', async () => {
    const runner = await product(60);
    for (const round of rounds) {
      const guests = await Promise.all(Array.from({ length: 6 }, () => guestWith(runner.id)));
      for (const guest of guests) expect((await applyPromo(guest, 'TWICE10')).statusCode).toBe(200);
      const answers = await Promise.all(guests.map((guest) => checkout(guest, { ...form, email: `twice-buyer${round}@example.com` })));
      expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
      expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error)).toEqual(
        Array.from({ length: 4 }, () => serverMessages.promoDropped('TWICE10', serverMessages.promoAlreadyUsed)),
      );
      expect(await redemptionsOf(db(), 'TWICE10', `email:twice-buyer${round}@example.com`)).toHaveLength(2);
    }
  });

  it('holds a total limit of 3 uses across concurrent checkouts of different buyers', async () => {
    const runner = await product(20);
    const guests = await Promise.all(Array.from({ length: 8 }, () => guestWith(runner.id)));
    for (const guest of guests) expect((await applyPromo(guest, 'FIRST3')).statusCode).toBe(200);
    const answers = await Promise.all(guests.map((guest, index) => checkout(guest, { ...form, email: `limited${index}@example.com` })));
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error)).toEqual(
      Array.from({ length: 5 }, () => serverMessages.promoDropped('FIRST3', serverMessages.promoInvalid)),
    );
    expect(await timesUsed(db(), 'FIRST3')).toBe(3);
  });

  it('puts two quick adds from a new session into one cart', async () => {
    const runner = await product(20);
    const tote = await product(20);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const shopper = await startSession(shop.app);
      const answers = await Promise.all([add(shopper, runner.id, 1), add(shopper, tote.id, 2), add(shopper, runner.id, 1)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const cart = (await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: shopper.headers })).json();
      expect(cart.cart_count).toBe(4);
      expect(cart.items).toHaveLength(2);
    }
  });

  it('never adds beyond stock when adds of one variant to one cart race', async () => {
    const runner = await product(3);
    const shopper = await startSession(shop.app);
    expect((await add(shopper, runner.id, 1)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(shopper, runner.id, 1)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    const cart = (await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: shopper.headers })).json();
    expect(cart.cart_count).toBe(3);
  });
});

describe('concurrent requests to two server processes on one database', () => {
  let processes: ServerProcesses;
  let variant: { productId: number; size: string | null; color: string | null; stock: number; variantId: number };
  const db = () => processes.database.handle.db;

  beforeAll(async () => {
    processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '50' });
    const row = await db()
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'size', 'color', 'stock'])
      .where('stock', '>=', 20)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    variant = { productId: row.product_id, size: row.size, color: row.color, stock: row.stock, variantId: row.id };
  }, 60_000);
  afterAll(async () => processes?.close());

  const url = (index: number) => processes.urls[index % processes.urls.length] ?? '';
  const add = (index: number, shopper: HttpShopper) =>
    callJson(url(index), 'POST', '/api/orders/cart/', shopper.headers, {
      product_id: variant.productId,
      quantity: 1,
      variant_size: variant.size ?? undefined,
      variant_color: variant.color ?? undefined,
    });

  it('make one order of one cart checked out at both at once, with or without keys', async () => {
    const shopper = await startHttpSession(url(0));
    expect((await add(0, shopper)).status).toBe(200);
    const before = await stockOf(db(), variant.variantId);
    const headersOf = (index: number) => (index < 4 ? shopper.headers : { ...shopper.headers, 'idempotency-key': `two-tills-${index}` });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => callJson(url(index), 'POST', '/api/orders/checkout/', headersOf(index), form)),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
    const placed = new Set(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.order_id));
    expect(placed.size).toBe(1);
    const sessionId = (await sessionIdOf(db(), Number([...placed][0]))) ?? 0;
    expect(await ordersOfSession(db(), { sessionId })).toHaveLength(1);
    expect(await stockOf(db(), variant.variantId)).toBe(before - 1);
  });

  it('give WELCOME20 to one order of guests sharing an e-mail', async () => {
    for (const round of [1, 2, 3]) {
      const guests = await Promise.all(Array.from({ length: 6 }, (_, index) => startHttpSession(url(index))));
      for (const [index, guest] of guests.entries()) {
        expect((await add(index, guest)).status).toBe(200);
        expect((await callJson(url(index), 'POST', '/api/orders/cart/promo/', guest.headers, { promo_code: 'WELCOME20' })).status).toBe(
          200,
        );
      }
      const email = `two-process-buyer${round}@example.com`;
      const answers = await Promise.all(
        guests.map((guest, index) => callJson(url(index), 'POST', '/api/orders/checkout/', guest.headers, { ...form, email })),
      );
      expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(await redemptionsOf(db(), 'WELCOME20', `email:${email}`)).toHaveLength(1);
    }
  });

  it('give WELCOME20 to one of a signed-in customer’s checkouts sent to both at once', async () => {
    const customer = await startHttpSession(url(0));
    const email = 'two-process-member@example.com';
    const password = 'island-breeze-42';
    const created = await callJson(url(0), 'POST', '/api/users/auth/register/', customer.headers, {
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email,
      password1: password,
      password2: password,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const signedIn = { ...customer, headers: { ...customer.headers, authorization: `Bearer ${String(created.body.token)}` } };
    expect((await add(0, signedIn)).status).toBe(200);
    expect((await callJson(url(1), 'POST', '/api/orders/cart/promo/', signedIn.headers, { promo_code: 'WELCOME20' })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        callJson(
          url(index),
          'POST',
          '/api/orders/checkout/',
          { ...signedIn.headers, 'idempotency-key': `member-tab-${index}` },
          { ...form, email },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
    const userId = Number((await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
    expect(await redemptionsOf(db(), 'WELCOME20', `user:${userId}`)).toHaveLength(1);
  });

  it('hold a per-customer limit of 2 and a total limit of 3 across checkouts sent to both at once', async () => {
    await createPromo(db(), { code: 'TWOTILLS2', kind: 'percent', value: 10, perCustomerLimit: 2 });
    await createPromo(db(), { code: 'TWOTILLS3', kind: 'fixed', value: 10_000, usageLimit: 3 });
    const guestsWith = async (code: string, count: number) => {
      const guests = await Promise.all(Array.from({ length: count }, (_, index) => startHttpSession(url(index))));
      for (const [index, guest] of guests.entries()) {
        expect((await add(index, guest)).status).toBe(200);
        expect((await callJson(url(index), 'POST', '/api/orders/cart/promo/', guest.headers, { promo_code: code })).status).toBe(200);
      }
      return guests;
    };
    const checkoutAll = (guests: HttpShopper[], emailOf: (index: number) => string) =>
      Promise.all(
        guests.map((guest, index) =>
          callJson(url(index), 'POST', '/api/orders/checkout/', guest.headers, { ...form, email: emailOf(index) }),
        ),
      );

    const perCustomer = await checkoutAll(await guestsWith('TWOTILLS2', 6), () => 'two-tills-twice@example.com');
    expect(perCustomer.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await redemptionsOf(db(), 'TWOTILLS2', 'email:two-tills-twice@example.com')).toHaveLength(2);

    const total = await checkoutAll(await guestsWith('TWOTILLS3', 8), (index) => `two-tills-limited${index}@example.com`);
    expect(total.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await timesUsed(db(), 'TWOTILLS3')).toBe(3);
  });

  it('put two quick adds from a new session, one at each, into one cart', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const shopper = await startHttpSession(url(0));
      const answers = await Promise.all([add(0, shopper), add(1, shopper)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const cart = await callJson(url(0), 'GET', '/api/orders/cart/', shopper.headers);
      expect(cart.body.cart_count).toBe(2);
    }
  });
});
