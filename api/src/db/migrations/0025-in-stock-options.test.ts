import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import * as inStockOptions from './0025-in-stock-options.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(() => database.drop());

describe('migration 0025: the in-stock options of the products already there', () => {
  it('writes each stock row the sizes and colours of its variants in stock, and none where it has none', async () => {
    const db = database.handle.db;
    const migrationDb = db as unknown as Kysely<unknown>;
    const categoryId = await createCategory(db, { name: 'Tees', slug: 'tees' });
    const tee = await createProduct(db, {
      name: 'Old tee',
      categoryId,
      price: 250_000,
      variants: [
        { size: 'S', color: 'Red', stock: 2 },
        { size: 'L', color: 'Red', stock: 3 },
        { size: 'M', color: 'Red', stock: 0 },
        { size: 'M', color: null, stock: 1 },
      ],
    });
    const cap = await createProduct(db, { name: 'Old cap', categoryId, price: 150_000, variants: [{ stock: 9 }] });
    // Back to the database as it was before the migration, with these products in it.
    await inStockOptions.down(migrationDb);
    await inStockOptions.up(migrationDb);

    const rows = await db
      .selectFrom('product_stock')
      .select(['product_id', 'in_stock_options'])
      .where('product_id', 'in', [tee.id, cap.id])
      .orderBy('product_id')
      .execute();
    expect(rows.map((row) => ({ product_id: row.product_id, options: JSON.parse(row.in_stock_options) as unknown }))).toEqual([
      {
        product_id: tee.id,
        options: [
          ['L', 'Red'],
          ['M', null],
          ['S', 'Red'],
        ],
      },
      { product_id: cap.id, options: [] },
    ]);
  });
});
