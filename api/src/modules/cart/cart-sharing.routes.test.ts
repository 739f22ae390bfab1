import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, type Cart, type CartChangeResponse, type ShareCartResponse } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, startSession, type ShopperSession, type TestShop } from '../../../test/helper.ts';

// KINGSTON.md §5: "Share on WhatsApp" from the cart; whoever opens the link gets those lines.
let shop: TestShop;
let runner: { id: number; variantIds: number[] };
let tote: { id: number; variantIds: number[] };
let cap: { id: number; variantIds: number[] };

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.database.handle.db;
  const category = await createCategory(db, { name: 'Sneakers', slug: 'sneakers' });
  runner = await createProduct(db, {
    name: 'Kingston Runner',
    categoryId: category,
    price: 1_000_000,
    variants: [
      { size: '9', color: 'Black', stock: 20 },
      { size: '10', color: 'Black', stock: 3 },
    ],
  });
  tote = await createProduct(db, { name: 'Market Tote', categoryId: category, price: 250_000, variants: [{ stock: 5 }] });
  cap = await createProduct(db, { name: 'Harbour Cap', categoryId: category, price: 150_000, variants: [{ stock: 4 }] });
  await shop.ready();
});
afterAll(() => shop.close());

const send = (
  session: ShopperSession,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => shop.app.inject({ method, url, headers: { ...session.headers, ...headers }, ...(payload ? { payload } : {}) });
const add = (session: ShopperSession, body: object) => send(session, 'POST', '/api/orders/cart/', body);
async function cartOf(session: ShopperSession): Promise<Cart> {
  const response = await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: session.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const linesOf = (cart: Cart) => cart.items.map((item) => [item.name, item.variant, item.quantity]);
const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

async function sharedBy(lines: object[]) {
  const sharer = await startSession(shop.app);
  for (const line of lines) expect((await add(sharer, line)).statusCode).toBe(200);
  const response = await send(sharer, 'POST', '/api/orders/cart/share/');
  expect(response.statusCode).toBe(200);
  return { sharer, url: response.json<ShareCartResponse>().url };
}
const open = (session: ShopperSession, token: string) => send(session, 'POST', `/api/orders/cart/shared/${token}/`);

describe('sharing a cart by its link', () => {
  it('refuses to share an empty cart, with the reason', async () => {
    const sharer = await startSession(shop.app);
    const response = await send(sharer, 'POST', '/api/orders/cart/share/');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: serverMessages.cartShareEmpty, request_id: expect.any(String) });
  });

  it('answers a link on the shop’s own address, whatever Host the request names, with a token that differs each time', async () => {
    const { sharer, url } = await sharedBy([{ product_id: tote.id, quantity: 1 }]);
    expect(url).toMatch(/^https?:\/\/[^/]+\/cart\/shared\/[A-Za-z0-9_-]{24}$/);
    const forged = await send(sharer, 'POST', '/api/orders/cart/share/', undefined, { host: 'evil.example' });
    expect(forged.statusCode).toBe(200);
    const again = forged.json<ShareCartResponse>().url;
    expect(new URL(again).host).toBe(new URL(url).host);
    expect(tokenOf(again)).not.toBe(tokenOf(url));
  });

  it('puts the shared lines in the opener’s cart once, however often the link is opened, and the sharer’s later changes do not reach it', async () => {
    const { sharer, url } = await sharedBy([
      { product_id: runner.id, quantity: 2, variant_size: '9', variant_color: 'Black' },
      { product_id: tote.id, quantity: 1 },
    ]);
    expect((await send(sharer, 'DELETE', '/api/orders/cart/')).statusCode).toBe(200);

    const friend = await startSession(shop.app);
    expect((await add(friend, { product_id: cap.id, quantity: 1 })).statusCode).toBe(200);
    const opened = await open(friend, tokenOf(url));
    expect(opened.statusCode).toBe(200);
    const answer = opened.json<CartChangeResponse>();
    expect(answer.message).toBe(serverMessages.sharedCartAdded);
    const expected = [
      ['Harbour Cap', '', 1],
      ['Kingston Runner', '9 / Black', 2],
      ['Market Tote', '', 1],
    ];
    expect(linesOf(answer.cart).sort()).toEqual(expected.sort());

    expect((await open(friend, tokenOf(url))).statusCode).toBe(200);
    expect(linesOf(await cartOf(friend)).sort()).toEqual(expected.sort());
    // The sharer emptied theirs: opening their own link brings the shared lines back.
    expect((await open(sharer, tokenOf(url))).statusCode).toBe(200);
    expect((await cartOf(sharer)).cart_count).toBe(3);
  });

  it('keeps a larger quantity the opener already has, caps at stock, and names what sold out or left the shop since', async () => {
    const db = shop.database.handle.db;
    const { url } = await sharedBy([
      { product_id: runner.id, quantity: 3, variant_size: '10', variant_color: 'Black' },
      { product_id: runner.id, quantity: 1, variant_size: '9', variant_color: 'Black' },
      { product_id: tote.id, quantity: 2 },
      { product_id: cap.id, quantity: 1 },
    ]);
    const friend = await startSession(shop.app);
    expect((await add(friend, { product_id: runner.id, quantity: 5, variant_size: '9', variant_color: 'Black' })).statusCode).toBe(200);
    await db
      .updateTable('product_variants')
      .set({ stock: 2 })
      .where('id', '=', runner.variantIds[1] ?? 0)
      .execute();
    await db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', tote.id).execute();
    await db.updateTable('products').set({ is_active: 0 }).where('id', '=', cap.id).execute();
    try {
      const opened = await open(friend, tokenOf(url));
      expect(opened.statusCode).toBe(200);
      const answer = opened.json<CartChangeResponse>();
      expect(answer.message).toBe(serverMessages.sharedCartPartlyAdded('Market Tote, Harbour Cap'));
      expect(linesOf(answer.cart).sort()).toEqual(
        [
          ['Kingston Runner', '9 / Black', 5],
          ['Kingston Runner', '10 / Black', 2],
        ].sort(),
      );
    } finally {
      await db
        .updateTable('product_variants')
        .set({ stock: 3 })
        .where('id', '=', runner.variantIds[1] ?? 0)
        .execute();
      await db.updateTable('product_variants').set({ stock: 5 }).where('product_id', '=', tote.id).execute();
      await db.updateTable('products').set({ is_active: 1 }).where('id', '=', cap.id).execute();
    }
  });

  it('answers 404 for an unknown or expired link and 400 for one that is no token at all, leaving the cart as it was', async () => {
    const { url } = await sharedBy([{ product_id: tote.id, quantity: 1 }]);
    const friend = await startSession(shop.app);
    expect((await open(friend, 'A'.repeat(24))).json()).toEqual({
      error: serverMessages.sharedCartNotFound,
      request_id: expect.any(String),
    });
    expect((await open(friend, 'A'.repeat(24))).statusCode).toBe(404);
    expect((await open(friend, 'A'.repeat(65))).statusCode).toBe(400);

    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await shop.database.handle.db.updateTable('shared_carts').set({ created_at: longAgo }).where('token', '=', tokenOf(url)).execute();
    expect((await open(friend, tokenOf(url))).statusCode).toBe(404);
    expect((await cartOf(friend)).items).toEqual([]);
  });
});
