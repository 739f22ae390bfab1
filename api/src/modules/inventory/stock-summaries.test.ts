import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct, orderRow } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { statementsSentDuring } from '../../../test/statements-sent.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { movementSettleMs } from './stock-summaries.ts';

/**
 * The products' in-stock summaries (ADR 36) follow their stock after the change committed: the
 * checkout writes none of them, the refresher of the process that made the change brings them up
 * to date, and a catch-up from the stock movements covers a process that stopped in between.
 */
const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;

let shop: TestShop;
let staff: SignedInShopper;
let categoryId = 0;
const db = () => shop.database.handle.db;

beforeAll(async () => {
  shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50' } });
  categoryId = await createCategory(db(), { name: 'Tees', slug: 'tees' });
  await shop.ready();
  staff = await signInStaff(shop, 'staff');
});
afterAll(() => shop.close());

/** Another server process on the same database. */
async function anotherProcess(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = openDatabase(shop.database.url);
  const app = await buildApp({ config: shop.config, database });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A product's summaries as kept: its stock row, its in-stock options and its option rows with stock. */
async function summaryOf(productId: number) {
  const row = await db()
    .selectFrom('product_stock')
    .select(['stock', 'low_variants', 'out_variants', 'in_stock_options'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const options = await db()
    .selectFrom('product_option_stock')
    .select(['size', 'color', 'variants'])
    .where('product_id', '=', productId)
    .where('variants', '!=', 0)
    .execute();
  return {
    stock: row?.stock,
    low_variants: row?.low_variants,
    out_variants: row?.out_variants,
    in_stock_options: JSON.parse(row?.in_stock_options ?? 'null') as unknown,
    options: options.map((option) => `${option.size}|${option.color}=${option.variants}`).sort(),
  };
}

/** A tee in Small Red (1 left), Medium Red (2) and Medium Navy (none). */
const newTee = (name: string) =>
  createProduct(db(), {
    name,
    categoryId,
    price: 300_000,
    variants: [
      { size: 'S', color: 'Red', stock: 1 },
      { size: 'M', color: 'Red', stock: 2 },
      { size: 'M', color: 'Navy', stock: 0 },
    ],
  });

const teeInStock = {
  stock: 3,
  low_variants: 2,
  out_variants: 1,
  in_stock_options: [
    ['M', 'Red'],
    ['S', 'Red'],
  ],
  options: ['|Red=2', 'M|=1', 'M|Red=1', 'S|=1', 'S|Red=1'].sort(),
};
const teeSmallSoldOut = {
  stock: 2,
  low_variants: 1,
  out_variants: 2,
  in_stock_options: [['M', 'Red']],
  options: ['|Red=1', 'M|=1', 'M|Red=1'].sort(),
};

async function buyerWithCart(app: FastifyInstance, productId: number, size: string, color: string) {
  const buyer = await startSession(app);
  const put = await app.inject({
    method: 'POST',
    url: '/api/orders/cart/',
    headers: buyer.headers,
    payload: { product_id: productId, quantity: 1, variant_size: size, variant_color: color },
  });
  expect(put.statusCode, put.body).toBe(200);
  return buyer;
}

const checkOut = (app: FastifyInstance, buyer: ShopperSession) =>
  app.inject({ method: 'POST', url: '/api/orders/checkout/', headers: buyer.headers, payload: pickupCheckoutForm() });

async function buy(app: FastifyInstance, productId: number, size: string, color: string) {
  const buyer = await buyerWithCart(app, productId, size, color);
  return { placed: await checkOut(app, buyer), buyer };
}

/**
 * How many products the shop's page lists in a search for the tee in this size (the page, not its
 * count, which is kept 30 s whatever the stock does: ADR 27).
 */
const listedInSize = async (app: FastifyInstance, name: string, size: string) =>
  (await app.inject({ method: 'GET', url: `/api/shop/?search=${encodeURIComponent(name)}&size=${size}` })).json().results.products.length;

describe('in-stock summaries after the commit', () => {
  it('a checkout that sells out a size: the refresher brings the summaries up to date, tells every process, and the shop lists the size sold out', async () => {
    const tee = await newTee('Sellout tee');
    expect(await summaryOf(tee.id)).toEqual(teeInStock);
    const told: (readonly number[] | null)[] = [];
    shop.app.changes.subscribe('stock-summaries', (products) => told.push(products));

    const { placed, buyer } = await buy(shop.app, tee.id, 'S', 'Red');
    expect(placed.statusCode, placed.body).toBe(200);
    await shop.app.inventory.summaries.settled();
    expect(await summaryOf(tee.id)).toEqual(teeSmallSoldOut);
    expect(told.some((products) => products?.includes(tee.id))).toBe(true);
    expect(await listedInSize(shop.app, 'Sellout tee', 'S')).toBe(0);
    expect(await listedInSize(shop.app, 'Sellout tee', 'M')).toBe(1);

    // Cancelled, the Small is back; then staff count more in.
    const cancelled = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.json().order_id}/cancel/`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await shop.app.inventory.summaries.settled();
    expect(await summaryOf(tee.id)).toEqual(teeInStock);
    expect(await listedInSize(shop.app, 'Sellout tee', 'S')).toBe(1);
    const restocked = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/variants/${tee.variantIds[2]}/stock/`,
      headers: staff.headers,
      payload: { change: 4, reason: 'Restock' },
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    await shop.app.inventory.summaries.settled();
    expect(await summaryOf(tee.id)).toEqual({
      stock: 7,
      low_variants: 3,
      out_variants: 0,
      in_stock_options: [
        ['M', 'Navy'],
        ['M', 'Red'],
        ['S', 'Red'],
      ],
      options: ['|Navy=1', '|Red=2', 'M|=2', 'M|Navy=1', 'M|Red=1', 'S|=1', 'S|Red=1'].sort(),
    });
  });

  it("are caught up by a process started after one stopped between an order's commit and its refresh", async () => {
    const tee = await newTee('Stranded tee');
    await shop.app.inventory.summaries.settled();
    // What a checkout's transaction commits of its stock, by the same statements, and nothing after
    // it: no notice, no refresh, as when its process stops right after the commit.
    const [order] = await db().insertInto('orders').values(orderRow('TL-STRANDED', new Date().toISOString())).returning('id').execute();
    await shop.database.handle.writeTransactionEndingWith(async (trx) => ({
      result: undefined,
      lastWrites: shop.app.inventory.takeForOrder([{ variantId: tee.variantIds[0] ?? 0, quantity: 1 }], order?.id ?? 0, trx),
    }));
    // The checkout's writes left the summaries as they were.
    expect(await summaryOf(tee.id)).toEqual(teeInStock);

    const restarted = await anotherProcess();
    try {
      await restarted.app.inventory.summaries.settled();
      expect(await summaryOf(tee.id)).toEqual(teeSmallSoldOut);
      expect(await listedInSize(restarted.app, 'Stranded tee', 'S')).toBe(0);
    } finally {
      await restarted.close();
    }
  });

  it('move the mark past the movements old enough to have committed, and refresh the younger ones again next time', async () => {
    const tee = await newTee('Marked tee');
    const summaries = shop.app.inventory.summaries;
    await summaries.settled();
    const old = new Date(Date.now() - movementSettleMs - 1000).toISOString();
    await db().updateTable('stock_movements').set({ created_at: old }).execute();
    const { last } = await db()
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();
    const mark = async () =>
      Number((await db().selectFrom('stock_summary_mark').select('movement_id').executeTakeFirstOrThrow()).movement_id);
    expect(await summaries.catchUp()).toBe(true);
    expect(await mark()).toBe(Number(last));

    // A movement just made: its product is refreshed by every catch-up, and the mark waits for it.
    const { placed } = await buy(shop.app, tee.id, 'S', 'Red');
    expect(placed.statusCode, placed.body).toBe(200);
    await summaries.settled();
    await db().updateTable('product_stock').set({ stock: 99, in_stock_options: '[]' }).where('product_id', '=', tee.id).execute();
    expect(await summaries.catchUp()).toBe(true);
    expect(await summaryOf(tee.id)).toEqual(teeSmallSoldOut);
    expect(await mark()).toBe(Number(last));
  });

  it('refreshed twice, the summaries stay equal to the variants', async () => {
    const tees = await Promise.all(['Twice tee', 'Again tee'].map(newTee));
    const ids = tees.map((tee) => tee.id);
    const summaries = shop.app.inventory.summaries;
    await summaries.settled();
    await summaries.refreshNow(ids);
    await summaries.refreshNow(ids);
    for (const id of ids) expect(await summaryOf(id)).toEqual(teeInStock);
  });

  // Two processes on one SQLite file in one test process would wait for each other's write lock
  // while holding the event loop; the shop on SQLite is one process (ADR 27).
  it.skipIf(!onPostgres)(
    'on PostgreSQL, refreshed and caught up by two processes at once beside checkouts, the summaries equal the variants',
    async () => {
      const tees = await Promise.all(['Busy tee', 'Crowded tee', 'Third tee'].map(newTee));
      const ids = tees.map((tee) => tee.id);
      const summaries = shop.app.inventory.summaries;
      await summaries.settled();

      // Stock changed behind the summaries' back (lost refreshes), then both processes at it at once.
      await db().updateTable('product_variants').set({ stock: 0 }).where('product_id', 'in', ids).where('size', '=', 'S').execute();
      const other = await anotherProcess();
      try {
        await other.app.inventory.summaries.settled();
        const [bought] = await Promise.all([
          Promise.all(tees.flatMap((tee) => [buy(shop.app, tee.id, 'M', 'Red'), buy(other.app, tee.id, 'M', 'Red')])),
          summaries.refreshNow(ids),
          other.app.inventory.summaries.refreshNow([...ids].reverse()),
          summaries.catchUp(),
          other.app.inventory.summaries.catchUp(),
        ]);
        for (const { placed } of bought) expect(placed.statusCode, placed.body).toBe(200);
        await Promise.all([summaries.settled(), other.app.inventory.summaries.settled()]);
      } finally {
        await other.close();
      }
      const soldOut = { stock: 0, low_variants: 0, out_variants: 3, in_stock_options: [], options: [] };
      for (const id of ids) expect(await summaryOf(id)).toEqual(soldOut);
    },
  );

  it.skipIf(!onPostgres)(
    "on PostgreSQL a checkout's statements, up to its COMMIT, write no summary; the refresher's after it do",
    async () => {
      const tee = await newTee('Watched tee');
      await shop.app.inventory.summaries.settled();
      const buyer = await buyerWithCart(shop.app, tee.id, 'S', 'Red');
      const sent = await statementsSentDuring(async () => {
        expect((await checkOut(shop.app, buyer)).statusCode).toBe(200);
        await shop.app.inventory.summaries.settled();
      });
      const texts = sent.map((statement) => statement.text);
      // The checkout's COMMIT: the first after its stock takes.
      const taken = texts.findIndex((text) => text.startsWith('update "product_variants"'));
      const committed = texts.indexOf('COMMIT', taken);
      expect(taken, texts.join('\n')).toBeGreaterThan(0);
      expect(committed, texts.join('\n')).toBeGreaterThan(taken);
      const writesSummary = (text: string) => /(insert into|update|delete from) "product_(option_)?stock"/i.test(text);
      expect(texts.slice(0, committed + 1).filter(writesSummary)).toEqual([]);
      expect(texts.slice(committed + 1).filter(writesSummary).length).toBeGreaterThan(0);
      expect(await summaryOf(tee.id)).toEqual(teeSmallSoldOut);
    },
  );

  it.skipIf(!onPostgres)(
    "on PostgreSQL a checkout never waits for its product's summary rows: it is placed while another connection holds them",
    async () => {
      const tee = await newTee('Locked tee');
      await shop.app.inventory.summaries.settled();
      const holder = new Client({ connectionString: shop.database.directUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT * FROM product_stock WHERE product_id = $1 FOR UPDATE', [tee.id]);
        await holder.query('SELECT * FROM product_option_stock WHERE product_id = $1 FOR UPDATE', [tee.id]);
        const { placed } = await buy(shop.app, tee.id, 'S', 'Red');
        expect(placed.statusCode, placed.body).toBe(200);
        // The refresh waits for the rows instead; a page read meanwhile still lists the Small...
        expect(await summaryOf(tee.id)).toEqual(teeInStock);
        expect(await listedInSize(shop.app, 'Locked tee', 'S')).toBe(1);
        await holder.query('ROLLBACK');
      } finally {
        await holder.end();
      }
      // ...and is dropped once the refresh follows.
      await shop.app.inventory.summaries.settled();
      expect(await summaryOf(tee.id)).toEqual(teeSmallSoldOut);
      expect(await listedInSize(shop.app, 'Locked tee', 'S')).toBe(0);
    },
  );
});
