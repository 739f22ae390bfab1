import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestShop, type TestShop } from '../../test/helper.ts';
import { sqliteWriterCheckMs } from './shop-changes.ts';

let shop: TestShop;
let productId = 0;

const priceServed = async () =>
  (await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/` })).json().product.price as number;

// On PostgreSQL processes tell each other by NOTIFY (shop-changes.processes.test.ts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a shop on SQLite', () => {
  beforeAll(async () => {
    shop = await createTestShop();
    await shop.ready();
    const product = await shop.database.handle.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = product.id;
  });
  afterAll(() => shop.close());

  it('serves what another program (the import command) wrote to its file within a second', async () => {
    const before = await priceServed();
    const importCommand = openDatabase(shop.database.url);
    try {
      await importCommand.db.updateTable('products').set({ price: 123_400 }).where('id', '=', productId).execute();
    } finally {
      await importCommand.close();
    }
    const started = performance.now();
    await expect.poll(priceServed, { timeout: 1_000, interval: 50 }).toBe(1234);
    expect(before).not.toBe(1234);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps its cached answers through its own writes, which its own changes announce', async () => {
    const before = await priceServed();
    await shop.database.handle.db.updateTable('products').set({ price: 567_800 }).where('id', '=', productId).execute();
    await new Promise((resolve) => setTimeout(resolve, sqliteWriterCheckMs * 3));
    expect(await priceServed()).toBe(before);
  });
});
