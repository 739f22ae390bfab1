import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import * as optionStock from './0024-option-stock.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(() => database.drop());

describe('migration 0024: the in-stock sizes and colours of the products already there', () => {
  it('counts each product’s variants still sold with stock by size, colour and both', async () => {
    const db = database.handle.db;
    const migrationDb = db as unknown as Kysely<unknown>;
    const categoryId = await createCategory(db, { name: 'Tees', slug: 'tees' });
    const tee = await createProduct(db, {
      name: 'Old tee',
      categoryId,
      price: 250_000,
      variants: [
        { size: 'S', color: 'Red', stock: 2 },
        { size: 'M', color: 'Red', stock: 1 },
        { size: 'L', color: 'Red', stock: 0 },
        { size: 'XL', color: 'Navy', stock: 3 },
      ],
    });
    const cap = await createProduct(db, { name: 'Old cap', categoryId, price: 150_000, variants: [{ stock: 9 }] });
    // A retired variant is sold no more, whatever stock it was left with.
    await db
      .updateTable('product_variants')
      .set({ retired_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', tee.variantIds[3] ?? 0)
      .execute();
    // Back to the database as it was before the migration, with these products in it.
    await optionStock.down(migrationDb);
    await optionStock.up(migrationDb);

    const rows = await db
      .selectFrom('product_option_stock')
      .select(['product_id', 'size', 'color', 'variants'])
      .orderBy('product_id')
      .orderBy('size')
      .orderBy('color')
      .execute();
    expect(rows.map((row) => ({ ...row, variants: Number(row.variants) }))).toEqual([
      { product_id: tee.id, size: '', color: 'Red', variants: 2 },
      { product_id: tee.id, size: 'M', color: '', variants: 1 },
      { product_id: tee.id, size: 'M', color: 'Red', variants: 1 },
      { product_id: tee.id, size: 'S', color: '', variants: 1 },
      { product_id: tee.id, size: 'S', color: 'Red', variants: 1 },
    ]);
    expect(rows.some((row) => row.product_id === cap.id)).toBe(false);
  });
});
