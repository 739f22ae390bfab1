import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import * as imageColours from './0010-image-colours.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(() => database.drop());

describe('migration 0010: the colour of each product picture', () => {
  it('gives pictures stored before it the variant colour their alt text names, and no colour otherwise', async () => {
    const db = database.handle.db;
    const tees = await createCategory(db, { name: 'Tees' });
    const tee = await createProduct(db, {
      name: 'Irie Tee',
      categoryId: tees,
      price: 300_000,
      variants: [
        { size: 'M', color: 'Black', stock: 2 },
        { size: 'M', color: 'Red', stock: 0 },
      ],
      images: 0,
    });
    const cap = await createProduct(db, { name: 'Made in Jamaica Cap', categoryId: tees, price: 250_000, images: 0 });
    const pictures = [
      { product_id: tee.id, alt_text: 'Irie Tee in Red, front' },
      { product_id: tee.id, alt_text: 'Irie Tee in Black, back' },
      { product_id: tee.id, alt_text: 'Irie Tee in Gold, detail' },
      { product_id: tee.id, alt_text: 'Irie Tee, label' },
      { product_id: cap.id, alt_text: 'Made in Jamaica Cap in Black, front' },
    ];
    // Back to the table as it was before the migration, with pictures stored then.
    const migrationDb = db as unknown as Kysely<unknown>;
    await imageColours.down(migrationDb);
    for (const [position, picture] of pictures.entries()) {
      await db
        .insertInto('product_images')
        .values({ ...picture, position, path: `products/test-${position}`, width: 960, height: 960 })
        .execute();
    }
    await imageColours.up(migrationDb);

    const rows = await db.selectFrom('product_images').select(['alt_text', 'color']).orderBy('position').execute();
    expect(rows.map((row) => row.color)).toEqual(['Red', 'Black', null, null, null]);
  });
});
