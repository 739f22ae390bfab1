import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowStockThreshold, stockMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, signInStaff, signUp, startSession, type SignedInShopper, type TestShop } from '../../../test/helper.ts';
import type { Db } from '../../db/database.ts';

const checkoutForm = {
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
  payment_method: 'stripe',
  currency: 'JMD',
};

const stockOf = async (db: Db, variantId: number) =>
  (await db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
const movementSum = async (db: Db, variantId: number) =>
  Number(
    (
      await db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.sum<number | string>('delta').as('sum'))
        .where('variant_id', '=', variantId)
        .executeTakeFirstOrThrow()
    ).sum ?? 0,
  );

/** A product's stock row beside what its variants still sold add up to: the two must never drift apart. */
async function productStockOf(db: Db, productId: number) {
  const row = await db
    .selectFrom('product_stock')
    .select(['stock', 'low_variants', 'out_variants'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const stocks = (
    await db.selectFrom('product_variants').select('stock').where('product_id', '=', productId).where('retired_at', 'is', null).execute()
  ).map((variant) => variant.stock);
  const counted = {
    stock: stocks.reduce((sum, stock) => sum + stock, 0),
    low_variants: stocks.filter((stock) => stock > 0 && stock <= lowStockThreshold).length,
    out_variants: stocks.filter((stock) => stock === 0).length,
  };
  return { row, counted };
}

describe('stock in the back office', () => {
  let shop: TestShop;
  let staff: SignedInShopper;
  let categoryId = 0;
  const db = () => shop.database.handle.db;

  beforeAll(async () => {
    shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50' } });
    categoryId = await createCategory(db(), { name: 'Sneakers', slug: 'sneakers' });
    await shop.ready();
    staff = await signInStaff(shop, 'staff', 'marcia@threadline.test');
  });
  afterAll(() => shop.close());

  const runner = (stock: number, name = `Runner ${stock}`) =>
    createProduct(db(), { name, categoryId, price: 500_000, variants: [{ size: '9', color: 'Black', stock }] });
  const adjust = (variantId: number | string, payload: unknown, headers = staff.headers) =>
    shop.app.inject({ method: 'POST', url: `/api/admin/variants/${variantId}/stock/`, headers, payload: payload as object });

  it('refuses guests (401) and customers (403) on every stock call', async () => {
    const { variantIds } = await runner(4);
    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'shopper@example.com' });
    for (const headers of [guest.headers, customer.headers]) {
      const expected = headers === guest.headers ? 401 : 403;
      expect((await adjust(variantIds[0] ?? 0, { change: 1, reason: 'Count' }, headers)).statusCode).toBe(expected);
      expect((await shop.app.inject({ method: 'GET', url: `/api/admin/variants/${variantIds[0]}/movements/`, headers })).statusCode).toBe(
        expected,
      );
      expect((await shop.app.inject({ method: 'GET', url: '/api/admin/stock/', headers })).statusCode).toBe(expected);
    }
    expect(await stockOf(db(), variantIds[0] ?? 0)).toBe(4);
  });

  it.each([
    ['no reason', { change: 2, reason: '' }],
    ['a reason of spaces', { change: 2, reason: '   ' }],
    ['a change of 0', { change: 0, reason: 'Count' }],
    ['a fractional change', { change: 1.5, reason: 'Count' }],
    ['a change past the bound', { change: 100_001, reason: 'Count' }],
    ['a change as text', { change: '3', reason: 'Count' }],
    ['a reason with NUL', { change: 1, reason: 'Co\u0000unt' }],
    ['a reason too long', { change: 1, reason: 'x'.repeat(201) }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const { variantIds } = await runner(4);
    const answer = await adjust(variantIds[0] ?? 0, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toEqual(expect.any(String));
    expect(await stockOf(db(), variantIds[0] ?? 0)).toBe(4);
  });

  it('adds and takes units with a reason, answers the new stock, keeps a movement and an audit entry', async () => {
    const { variantIds } = await runner(4);
    const variantId = variantIds[0] ?? 0;
    const added = await adjust(variantId, { change: 6, reason: 'Delivery from Kingston supplier' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ stock: 10 });
    expect((await adjust(variantId, { change: -3, reason: ' Damaged in the shop ' })).json()).toEqual({ stock: 7 });

    const movements = await shop.app.inject({ method: 'GET', url: `/api/admin/variants/${variantId}/movements/`, headers: staff.headers });
    expect(movements.statusCode).toBe(200);
    const body = movements.json();
    expect(body.count).toBe(3);
    expect(
      body.results.map((movement: { change: number; kind: string; reason: string }) => [movement.change, movement.kind, movement.reason]),
    ).toEqual([
      [-3, 'adjustment', 'Damaged in the shop'],
      [6, 'adjustment', 'Delivery from Kingston supplier'],
      [4, 'seed', 'Opening stock'],
    ]);
    expect(body.results[0]).toMatchObject({ order_id: null, staff: { id: staff.userId, email: 'marcia@threadline.test' } });
    expect(body.results[2].staff).toBeNull();

    const audit = (
      await shop.app.inject({ method: 'GET', url: `/api/admin/audit/?entity=variant&entity_id=${variantId}`, headers: staff.headers })
    ).json();
    expect(
      audit.results.map((entry: { action: string; before: unknown; after: unknown }) => [entry.action, entry.before, entry.after]),
    ).toEqual([
      ['stock_adjust', { stock: 10 }, { stock: 7, change: -3, reason: 'Damaged in the shop' }],
      ['stock_adjust', { stock: 4 }, { stock: 10, change: 6, reason: 'Delivery from Kingston supplier' }],
    ]);
    expect(await movementSum(db(), variantId)).toBe(7);
  });

  it('refuses to go below 0 with 409 naming the stock, and keeps no movement or audit entry', async () => {
    const { variantIds } = await runner(2);
    const variantId = variantIds[0] ?? 0;
    const refused = await adjust(variantId, { change: -3, reason: 'Stocktake' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: stockMessages.belowZero(2, -3), request_id: expect.any(String) });
    expect((await adjust(variantId, { change: -2, reason: 'Stocktake' })).json()).toEqual({ stock: 0 });
    expect(await movementSum(db(), variantId)).toBe(0);
    const audit = (
      await shop.app.inject({ method: 'GET', url: `/api/admin/audit/?entity=variant&entity_id=${variantId}`, headers: staff.headers })
    ).json();
    expect(audit.count).toBe(1);
  });

  it('answers 404 for a variant that does not exist', async () => {
    expect((await adjust(999_999, { change: 1, reason: 'Count' })).json()).toEqual({
      error: stockMessages.variantNotFound,
      request_id: expect.any(String),
    });
    expect(
      (await shop.app.inject({ method: 'GET', url: '/api/admin/variants/999999/movements/', headers: staff.headers })).statusCode,
    ).toBe(404);
    expect((await adjust('abc', { change: 1, reason: 'Count' })).statusCode).toBe(400);
  });

  it('shows the change on the storefront product page at once', async () => {
    const { id, variantIds } = await runner(3, 'Storefront runner');
    const page = async () => (await shop.app.inject({ method: 'GET', url: `/api/product/${id}/` })).json();
    expect((await page()).variants[0].stock).toBe(3);
    await adjust(variantIds[0] ?? 0, { change: -3, reason: 'Sold at the market' });
    expect((await page()).variants[0].stock).toBe(0);
    expect((await page()).product.stock).toBe(0);
  });

  it('lists variants with search, low and out-of-stock filters and the product, paged', async () => {
    const low = await createProduct(db(), {
      name: 'Harbour Tee',
      categoryId,
      price: 250_000,
      variants: [
        { size: 'S', color: 'Blue', stock: 0 },
        { size: 'M', color: 'Blue', stock: 5 },
        { size: 'L', color: 'Blue', stock: 6 },
      ],
    });
    const list = async (query: string) =>
      (await shop.app.inject({ method: 'GET', url: `/api/admin/stock/?${query}`, headers: staff.headers })).json();
    const all = await list(`product=${low.id}`);
    expect(all.count).toBe(3);
    expect(all.results[0]).toEqual({
      id: low.variantIds[0],
      product: { id: low.id, name: 'Harbour Tee', status: 'active' },
      size: 'S',
      color: 'Blue',
      sku: `T-${low.id}-0`,
      stock: 0,
    });
    expect((await list(`product=${low.id}&stock=out`)).results.map((row: { size: string }) => row.size)).toEqual(['S']);
    expect((await list(`product=${low.id}&stock=low`)).results.map((row: { size: string }) => row.size)).toEqual(['S', 'M']);
    expect((await list('search=harbour')).count).toBe(3);
    expect((await list('search=HARBOUR%20t')).count).toBe(3);
    expect((await list(`search=t-${low.id}-2`)).results.map((row: { size: string }) => row.size)).toEqual(['L']);
    expect((await list('search=100%25')).count).toBe(0);
    const paged = await list(`product=${low.id}&page_size=2`);
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toBe(`/api/admin/stock/?page_size=2&product=${low.id}&page=2`);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/stock/?stock=few', headers: staff.headers })).statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/stock/?page_size=101', headers: staff.headers })).statusCode).toBe(400);
  });

  it('keeps stock the sum of its movements when adjustments and checkouts of one variant run at once, never below 0', async () => {
    const { id, variantIds } = await runner(6, 'Contested runner');
    const variantId = variantIds[0] ?? 0;
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const buyer = await startSession(shop.app);
        const added = await shop.app.inject({
          method: 'POST',
          url: '/api/orders/cart/',
          headers: buyer.headers,
          payload: { product_id: id, quantity: 1, variant_size: '9', variant_color: 'Black' },
        });
        expect(added.statusCode).toBe(200);
        return buyer;
      }),
    );
    const answers = await Promise.all([
      ...buyers.map((buyer) =>
        shop.app.inject({ method: 'POST', url: '/api/orders/checkout/', headers: buyer.headers, payload: checkoutForm }),
      ),
      ...Array.from({ length: 4 }, () => adjust(variantId, { change: -2, reason: 'Shop floor count' })),
      adjust(variantId, { change: 1, reason: 'Found one' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
    const stock = await stockOf(db(), variantId);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock).toBe(await movementSum(db(), variantId));
    // The orders' summaries are brought up to date after their commit (ADR 36).
    await shop.app.inventory.summaries.settled();
    const product = await productStockOf(db(), id);
    expect(product.row).toEqual(product.counted);
    const orders = answers.slice(0, 6).filter((answer) => answer.statusCode === 200).length;
    const taken = answers.slice(6, 10).filter((answer) => answer.statusCode === 200).length;
    const found = answers[10]?.statusCode === 200 ? 1 : 0;
    expect(stock).toBe(6 + found - orders - 2 * taken);
    for (const answer of answers.slice(6)) expect([200, 409]).toContain(answer.statusCode);
    // 6 in stock cannot cover 6 orders and 8 taken by staff: some of them were refused.
    expect(answers.some((answer) => answer.statusCode === 409)).toBe(true);
  });

  it("keeps each product's stock row equal to its variants when orders of several products, adjustments and a new variant run at once", async () => {
    const sizes = ['8', '9', '10'];
    const shirts = await createProduct(db(), {
      name: 'Contested shirt',
      categoryId,
      price: 300_000,
      variants: sizes.map((size) => ({ size, color: 'Black', stock: 3 })),
    });
    const caps = await createProduct(db(), {
      name: 'Contested cap',
      categoryId,
      price: 200_000,
      variants: sizes.map((size) => ({ size, color: 'Black', stock: 2 })),
    });
    // Added after the caps' variants, so a cart of both products takes a variant of each in an order
    // that is not the products' order, as shops' carts do.
    const added = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${shirts.id}/variants/`,
      headers: staff.headers,
      payload: { size: '11', color: 'Black', sku: 'CONTESTED-11', stock: 6 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const carts = [
      [
        [shirts.id, '8'],
        [caps.id, '9'],
      ],
      [
        [caps.id, '8'],
        [shirts.id, '11'],
      ],
      [
        [shirts.id, '11'],
        [caps.id, '8'],
      ],
      [
        [caps.id, '9'],
        [shirts.id, '9'],
      ],
      [[shirts.id, '8']],
      [
        [caps.id, '10'],
        [shirts.id, '10'],
        [shirts.id, '11'],
      ],
      [
        [shirts.id, '9'],
        [caps.id, '10'],
      ],
      [
        [caps.id, '8'],
        [shirts.id, '8'],
      ],
      [[shirts.id, '10']],
      [
        [shirts.id, '11'],
        [shirts.id, '9'],
      ],
      [[caps.id, '9']],
      [[shirts.id, '11']],
      [
        [shirts.id, '10'],
        [caps.id, '10'],
      ],
      [[shirts.id, '11']],
    ] as const;
    const buyers = await Promise.all(
      carts.map(async (lines) => {
        const buyer = await startSession(shop.app);
        for (const [productId, size] of lines) {
          const put = await shop.app.inject({
            method: 'POST',
            url: '/api/orders/cart/',
            headers: buyer.headers,
            payload: { product_id: productId, quantity: 1, variant_size: size, variant_color: 'Black' },
          });
          expect(put.statusCode, put.body).toBe(200);
        }
        return buyer;
      }),
    );
    const answers = await Promise.all([
      // Each buyer with an e-mail of their own: checkouts of one e-mail wait for each other (promo limits).
      ...buyers.map((buyer, index) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders/checkout/',
          headers: buyer.headers,
          payload: { ...checkoutForm, email: `buyer-${index}@example.com` },
        }),
      ),
      adjust(shirts.variantIds[0] ?? 0, { change: -1, reason: 'Shop floor count' }),
      adjust(caps.variantIds[2] ?? 0, { change: 4, reason: 'Restock' }),
      adjust(shirts.variantIds[1] ?? 0, { change: -3, reason: 'Damaged' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
    await shop.app.inventory.summaries.settled();
    for (const productId of [shirts.id, caps.id]) {
      const product = await productStockOf(db(), productId);
      expect(product.row, `product ${productId}`).toEqual(product.counted);
    }
  });

  it("keeps a product's stock row adding up when staff adjust each of its variants at once", async () => {
    const sizes = ['6', '7', '8', '9', '10', '11'];
    const { id, variantIds } = await createProduct(db(), {
      name: 'Busy runner',
      categoryId,
      price: 400_000,
      variants: sizes.map((size) => ({ size, color: 'Black', stock: 8 })),
    });
    // Units in and out of every variant at once: each change must add to the others', none overwrite them.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        adjust(variantIds[index % variantIds.length] ?? 0, { change: index % 3 === 0 ? 2 : -1, reason: 'Shop floor count' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const product = await productStockOf(db(), id);
    expect(product.row).toEqual(product.counted);
    // Variants 6 and 9 went up by 5 × 2 units; the other four down by 5, to 3 each, which is low.
    expect(product.row).toEqual({ stock: 2 * 18 + 4 * 3, low_variants: 4, out_variants: 0 });
  });
});
