import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages, type Cart, type CartChangeResponse } from '@threadline/contracts';
import { createCategory, createProduct, createPromo } from '../../../test/factories.ts';
import { hashSessionKey } from '../session/session.service.ts';
import { createTestShop, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
let runner: { id: number; variantIds: number[] };
let tote: { id: number; variantIds: number[] };
let retired: { id: number; variantIds: number[] };

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.database.handle.db;
  const category = await createCategory(db, { name: 'Sneakers', slug: 'sneakers' });
  runner = await createProduct(db, {
    name: 'Kingston Runner',
    categoryId: category,
    price: 1_000_000,
    salePrice: 900_000,
    wholesalePrice: 700_000,
    variants: [
      { size: '9', color: 'Black', stock: 20 },
      { size: '10', color: 'Black', stock: 20 },
      { size: '11', color: 'Black', stock: 0 },
      { size: '12', color: 'Black', stock: 3 },
    ],
  });
  tote = await createProduct(db, { name: 'Market Tote', categoryId: category, price: 250_000, variants: [{ stock: 5 }] });
  retired = await createProduct(db, { name: 'Retired Cap', categoryId: category, price: 100_000, isActive: false });
  await createPromo(db, { code: 'WELCOME20', kind: 'percent', value: 20, firstOrderOnly: true, perCustomerLimit: 1 });
  await createPromo(db, { code: 'ISLAND500', kind: 'fixed', value: 50_000, minSubtotal: 2_000_000 });
  await createPromo(db, { code: 'SUMMER2025', kind: 'percent', value: 15, endsAt: '2025-09-01T00:00:00.000Z' });
  await createPromo(db, { code: 'BIGGIFT', kind: 'fixed', value: 99_000_000 });
  await shop.ready();
});
afterAll(() => shop.close());

async function send(session: ShopperSession, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return shop.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}
async function cartOf(session: ShopperSession): Promise<Cart> {
  const response = await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: session.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const add = (session: ShopperSession, body: object) => send(session, 'POST', '/api/orders/cart/', body);

describe('GET /api/orders/cart/', () => {
  it('is empty for a new session, and for a caller without one', async () => {
    const empty = {
      items: [],
      cart_total: 0,
      cart_count: 0,
      subtotal: 0,
      discount: 0,
      promo_discount: 0,
      total_discount: 0,
      total: 0,
      promo_code: null,
      promo_code_valid: false,
      promo_message: null,
      wholesale_applied: false,
    };
    expect(await cartOf(await startSession(shop.app))).toEqual(empty);
    expect((await shop.app.inject({ method: 'GET', url: '/api/orders/cart/' })).json()).toEqual(empty);
  });
});

describe('adding to the cart', () => {
  it('adds once for one Idempotency-Key however often the add is sent, and keeps a refused key usable', async () => {
    const session = await startSession(shop.app);
    const addWithKey = (key: string, quantity: number) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders/cart/',
        headers: { ...session.headers, 'idempotency-key': key },
        payload: { product_id: runner.id, quantity, variant_size: '12', variant_color: 'Black' },
      });

    expect((await addWithKey('add-1', 2)).statusCode).toBe(200);
    const again = await addWithKey('add-1', 2);
    expect(again.statusCode).toBe(200);
    expect(again.json<CartChangeResponse>().cart.cart_count).toBe(2);
    expect((await cartOf(session)).items.map((item) => item.quantity)).toEqual([2]);

    // Only 3 in stock: this add is refused, and the same key is not spent by the refusal.
    expect((await addWithKey('add-2', 2)).statusCode).toBe(409);
    expect((await addWithKey('add-2', 1)).statusCode).toBe(200);
    expect((await cartOf(session)).items.map((item) => item.quantity)).toEqual([3]);

    // Another session's cart does not know this session's keys.
    const other = await startSession(shop.app);
    const elsewhere = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: { ...other.headers, 'idempotency-key': 'add-1' },
      payload: { product_id: tote.id, quantity: 1 },
    });
    expect(elsewhere.json<CartChangeResponse>().cart.cart_count).toBe(1);
  });

  it('refuses a used Idempotency-Key sent with another add (422), and a key outside 1-100 printable characters (400)', async () => {
    const session = await startSession(shop.app);
    const addWithKey = (key: string, payload: object) =>
      shop.app.inject({ method: 'POST', url: '/api/orders/cart/', headers: { ...session.headers, 'idempotency-key': key }, payload });
    const nine = { product_id: runner.id, quantity: 1, variant_size: '9', variant_color: 'Black' };
    expect((await addWithKey('add-9', nine)).statusCode).toBe(200);
    // The same add spelled with defaults and another key order is the same request.
    expect((await addWithKey('add-9', { variant_color: 'Black', variant_size: '9', product_id: runner.id })).statusCode).toBe(200);
    for (const other of [
      { ...nine, quantity: 2 },
      { ...nine, variant_size: '10' },
      { product_id: tote.id, quantity: 1 },
    ]) {
      const refused = await addWithKey('add-9', other);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: serverMessages.idempotencyKeyReused, request_id: expect.any(String) });
    }
    for (const key of ['k'.repeat(101), 'clé-1']) {
      const refused = await addWithKey(key, nine);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: serverMessages.idempotencyKeyInvalid, request_id: expect.any(String) });
    }
    expect((await addWithKey('k'.repeat(100), nine)).statusCode).toBe(200);
    expect((await cartOf(session)).items.map((item) => item.quantity)).toEqual([2]);
  });

  it('adds a variant at the sale price computed on the server, ignoring any price sent', async () => {
    const session = await startSession(shop.app);
    const response = await add(session, { product_id: runner.id, quantity: 2, variant_size: '9', variant_color: 'Black', price: 1 });
    expect(response.statusCode).toBe(200);
    const body: CartChangeResponse = response.json();
    expect(body).toMatchObject({ success: true, message: serverMessages.cartItemAdded });
    expect(body.cart.items).toEqual([
      expect.objectContaining({
        product_id: runner.id,
        name: 'Kingston Runner',
        variant: '9 / Black',
        selectedVariants: { Size: '9', Color: 'Black' },
        quantity: 2,
        unit_price: 9000,
        price: 18000,
        total: 18000,
        image: `/static/media/products/test-${runner.id}-1-640.webp`,
        is_wholesale: false,
      }),
    ]);
    expect(body.cart).toMatchObject({ cart_count: 2, subtotal: 18000, total: 18000 });
  });

  it('accepts option objects and merges a variant added twice into one line', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: runner.id, quantity: 1, variant_size: { name: '10' }, variant_color: { name: 'black' } });
    await add(session, { product_id: runner.id, quantity: 2, variant_size: '10', variant_color: 'Black' });
    await add(session, { product_id: tote.id, quantity: 1 });
    const cart = await cartOf(session);
    expect(cart.items.map((item) => [item.name, item.variant, item.quantity])).toEqual([
      ['Kingston Runner', '10 / Black', 3],
      ['Market Tote', '', 1],
    ]);
    expect(cart.cart_count).toBe(4);
  });

  it('refuses what cannot be bought with a clear message and leaves the cart unchanged', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: runner.id, quantity: 2, variant_size: '12', variant_color: 'Black' });
    const cases: [object, number, string][] = [
      [{ product_id: runner.id, quantity: 1, variant_color: 'Black' }, 400, messages.cartChooseOption('Size')],
      [{ product_id: runner.id, quantity: 1, variant_size: '9', variant_color: 'Pink' }, 400, messages.cartVariantUnavailable],
      [
        { product_id: runner.id, quantity: 1, variant_size: '11', variant_color: 'Black' },
        409,
        serverMessages.cartOutOfStock('Kingston Runner (11 / Black)'),
      ],
      [
        { product_id: runner.id, quantity: 2, variant_size: '12', variant_color: 'Black' },
        409,
        serverMessages.cartNotEnoughStock('Kingston Runner (12 / Black)', 3, 2),
      ],
      [{ product_id: runner.id, quantity: 0, variant_size: '9', variant_color: 'Black' }, 400, serverMessages.cartQuantityTooLow],
      [{ product_id: 999_999, quantity: 1 }, 404, serverMessages.productNotFound],
      [{ product_id: retired.id, quantity: 1 }, 404, serverMessages.productNotFound],
    ];
    for (const [body, status, error] of cases) {
      const response = await add(session, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toEqual({ error, request_id: expect.any(String) });
    }
    expect((await add(session, { product_id: 'abc', quantity: 1 })).statusCode).toBe(400);
    const cart = await cartOf(session);
    expect(cart.items.map((item) => [item.variant, item.quantity])).toEqual([['12 / Black', 2]]);
  });

  it('refuses a quantity that is no number (true, false, null, empty, a list) with a 400 naming it, never reading it as 1 or 0', async () => {
    const session = await startSession(shop.app);
    const lineId = ((await add(session, { product_id: tote.id, quantity: 2 })).json() as CartChangeResponse).cart.items[0]?.id;
    for (const quantity of [true, false, null, '', [], [1]]) {
      const added = await add(session, { product_id: tote.id, quantity });
      expect(added.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(added.json()).toEqual({ error: `quantity: ${serverMessages.numberExpected}`, request_id: expect.any(String) });
      // Read as 0, a change would have removed the line.
      const changed = await send(session, 'PATCH', `/api/orders/cart/update/${lineId}/`, { quantity });
      expect(changed.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(changed.json()).toEqual({ error: `quantity: ${serverMessages.numberExpected}`, request_id: expect.any(String) });
    }
    expect((await cartOf(session)).items.map((item) => item.quantity)).toEqual([2]);
  });

  it('refuses a change from a session key the server did not issue, so the page renews it', async () => {
    const madeUpKey = 'a-key-the-shop-never-signed';
    const csrfToken = createHmac('sha256', shop.config.secretKey).update(`csrf:${madeUpKey}`).digest('base64url');
    const response = await add(
      {
        sessionKey: madeUpKey,
        csrfToken,
        headers: { 'x-session-key': madeUpKey, 'x-csrftoken': csrfToken, cookie: `csrftoken=${csrfToken}` },
      },
      { product_id: tote.id, quantity: 1 },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: serverMessages.sessionExpired, request_id: expect.any(String) });
    const stored = await shop.database.handle.db
      .selectFrom('guest_sessions')
      .select('id')
      .where('key_hash', '=', hashSessionKey(madeUpKey))
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('starts a kept session again at its next write once its unused row was removed', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: tote.id, quantity: 1 });
    await shop.database.handle.db.deleteFrom('guest_sessions').execute();
    const response = await add(session, { product_id: tote.id, quantity: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().cart.items).toHaveLength(1);
  });

  it('prices from the catalogue as it is now', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: tote.id, quantity: 2 });
    await shop.database.handle.db.updateTable('products').set({ price: 300_000 }).where('id', '=', tote.id).execute();
    expect((await cartOf(session)).subtotal).toBe(6000);
    await shop.database.handle.db.updateTable('products').set({ price: 250_000 }).where('id', '=', tote.id).execute();
  });
});

describe('changing lines', () => {
  it('updates, refuses more than stock, and removes at 0', async () => {
    const session = await startSession(shop.app);
    const lineId = ((await add(session, { product_id: tote.id, quantity: 1 })).json() as CartChangeResponse).cart.items[0]?.id;
    const updated = await send(session, 'PATCH', `/api/orders/cart/update/${lineId}/`, { quantity: 4 });
    expect(updated.json().cart.items[0].quantity).toBe(4);
    const tooMany = await send(session, 'PATCH', `/api/orders/cart/update/${lineId}/`, { quantity: 6 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: serverMessages.cartNotEnoughStock('Market Tote', 5, 0), request_id: expect.any(String) });
    expect((await cartOf(session)).items[0]?.quantity).toBe(4);
    const removed = await send(session, 'PATCH', `/api/orders/cart/update/${lineId}/`, { quantity: 0 });
    expect(removed.json()).toMatchObject({ success: true, message: messages.cartItemRemoved, cart: { items: [] } });
  });

  it("answers 404 for another session's line, which stays as it was", async () => {
    const owner = await startSession(shop.app);
    const stranger = await startSession(shop.app);
    const lineId = ((await add(owner, { product_id: tote.id, quantity: 1 })).json() as CartChangeResponse).cart.items[0]?.id;
    for (const [method, url, body] of [
      ['PATCH', `/api/orders/cart/update/${lineId}/`, { quantity: 3 }],
      ['DELETE', `/api/orders/cart/remove/${lineId}/`, undefined],
    ] as const) {
      const response = await send(stranger, method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serverMessages.cartItemNotFound, request_id: expect.any(String) });
    }
    expect((await cartOf(owner)).items[0]?.quantity).toBe(1);
  });

  it('removes a line and clears the cart', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: tote.id, quantity: 1 });
    const lineId = (
      (await add(session, { product_id: runner.id, quantity: 1, variant_size: '9', variant_color: 'Black' })).json() as CartChangeResponse
    ).cart.items[1]?.id;
    const afterRemove = await send(session, 'DELETE', `/api/orders/cart/remove/${lineId}/`);
    expect(afterRemove.json().cart.items.map((item: { name: string }) => item.name)).toEqual(['Market Tote']);
    const cleared = await send(session, 'DELETE', '/api/orders/cart/');
    expect(cleared.json()).toMatchObject({ success: true, cart: { items: [], total: 0, cart_count: 0 } });
  });
});

describe('wholesale pricing', () => {
  it('charges the wholesale price from 15 units of one style, any sizes together', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: runner.id, quantity: 8, variant_size: '9', variant_color: 'Black' });
    await add(session, { product_id: runner.id, quantity: 6, variant_size: '10', variant_color: 'Black' });
    let cart = await cartOf(session);
    expect(cart.wholesale_applied).toBe(false);
    expect(cart.subtotal).toBe(14 * 9000);
    await add(session, { product_id: runner.id, quantity: 1, variant_size: '10', variant_color: 'Black' });
    cart = await cartOf(session);
    expect(cart.wholesale_applied).toBe(true);
    expect(cart.items.every((item) => item.is_wholesale && item.unit_price === 7000)).toBe(true);
    expect(cart.subtotal).toBe(15 * 7000);
  });
});

describe('promo codes', () => {
  it('applies a code whatever its case and spaces, and removes it', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: tote.id, quantity: 2 });
    const applied = await send(session, 'POST', '/api/orders/cart/promo/', { promo_code: '  welcome20 ' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      success: true,
      message: serverMessages.promoApplied,
      cart: { promo_code: 'WELCOME20', promo_code_valid: true, subtotal: 5000, promo_discount: 1000, total_discount: 1000, total: 4000 },
    });
    const removed = await send(session, 'DELETE', '/api/orders/cart/promo/');
    expect(removed.json()).toMatchObject({ success: true, message: serverMessages.promoRemoved, cart: { promo_code: null, total: 5000 } });
  });

  it('refuses unknown, expired and below-minimum codes with their reasons', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: tote.id, quantity: 1 });
    for (const [code, error] of [
      ['NOPE', serverMessages.promoInvalid],
      ['SUMMER2025', serverMessages.promoInvalid],
      ['ISLAND500', serverMessages.promoBelowMinimum('J$20,000.00')],
      ['   ', serverMessages.promoInvalid],
    ] as const) {
      const response = await send(session, 'POST', '/api/orders/cart/promo/', { promo_code: code });
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({ error, request_id: expect.any(String) });
    }
    expect((await cartOf(session)).promo_code).toBeNull();
  });

  it('keeps an applied code that stops qualifying, says why, and charges no discount for it', async () => {
    const session = await startSession(shop.app);
    const lineId = (
      (await add(session, { product_id: runner.id, quantity: 3, variant_size: '9', variant_color: 'Black' })).json() as CartChangeResponse
    ).cart.items[0]?.id;
    expect((await send(session, 'POST', '/api/orders/cart/promo/', { promo_code: 'ISLAND500' })).json().cart.total).toBe(26500);
    const after = await send(session, 'PATCH', `/api/orders/cart/update/${lineId}/`, { quantity: 1 });
    expect(after.json().cart).toMatchObject({
      promo_code: 'ISLAND500',
      promo_code_valid: false,
      promo_message: serverMessages.promoBelowMinimum('J$20,000.00'),
      promo_discount: 0,
      total: 9000,
    });
  });

  it('judges a code on the lines the cart shows: a product taken off sale counts for nothing', async () => {
    const db = shop.database.handle.db;
    const hoodie = await createProduct(db, {
      name: 'Island Hoodie',
      categoryId: (await db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id,
      price: 2_000_000,
    });
    const withTote = await startSession(shop.app);
    await add(withTote, { product_id: tote.id, quantity: 1 });
    await add(withTote, { product_id: hoodie.id, quantity: 1 });
    const hoodieOnly = await startSession(shop.app);
    await add(hoodieOnly, { product_id: hoodie.id, quantity: 1 });
    await db.updateTable('products').set({ is_active: 0 }).where('id', '=', hoodie.id).execute();

    const belowMinimum = await send(withTote, 'POST', '/api/orders/cart/promo/', { promo_code: 'ISLAND500' });
    expect(belowMinimum.statusCode).toBe(400);
    expect(belowMinimum.json()).toEqual({ error: serverMessages.promoBelowMinimum('J$20,000.00'), request_id: expect.any(String) });
    expect(await cartOf(withTote)).toMatchObject({ subtotal: 2500, promo_code: null });
    const nothingOnSale = await send(hoodieOnly, 'POST', '/api/orders/cart/promo/', { promo_code: 'ISLAND500' });
    expect(nothingOnSale.statusCode).toBe(400);
    expect(nothingOnSale.json()).toEqual({ error: serverMessages.promoEmptyCart, request_id: expect.any(String) });
  });

  it('never takes a total below zero', async () => {
    const session = await startSession(shop.app);
    await add(session, { product_id: tote.id, quantity: 1 });
    const response = await send(session, 'POST', '/api/orders/cart/promo/', { promo_code: 'BIGGIFT' });
    expect(response.json().cart).toMatchObject({ subtotal: 2500, promo_discount: 2500, total: 0 });
  });
});
