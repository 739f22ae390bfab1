import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { productSearch, type SearchPart } from './product-search.ts';
import { searchWords } from './search-terms.ts';

// The same cases on whichever database the suite runs on: SQLite by default, PostgreSQL with
// TEST_DATABASE_URL (CI runs both), so each engine's half of productSearch is held to one behaviour.
let database: TestDatabase;
let runners: number;
const names = new Map<number, string>();

beforeAll(async () => {
  database = await createTestDatabase('migrated');
  const db = database.handle.db;
  runners = await createCategory(db, { name: 'Runners' });
  const hats = await createCategory(db, { name: 'Hats' });
  const tops = await createCategory(db, { name: 'Tops' });
  const products = [
    { name: 'Kingston Runner', description: 'Light and quick on the road.', categoryId: runners },
    { name: 'Blue Mountain Trail Sneaker', description: 'Grips wet rock.', categoryId: runners },
    { name: 'Irie Graphic Tee', description: 'A tee for the morning runner.', categoryId: tops },
    { name: 'Café Cap', description: 'Shade for the market.', categoryId: hats },
  ];
  for (const product of products) {
    const { id } = await createProduct(db, { ...product, price: 100_000 });
    names.set(id, product.name);
  }
});

afterAll(async () => {
  await database.drop();
});

async function found(typed: string, part: SearchPart = 'all', readMatchesById = false): Promise<string[]> {
  const { db, dialect } = database.handle;
  const search = productSearch(db, dialect);
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where(search.isActive(readMatchesById), '=', 1)
    .where((eb) => search.matches(eb, searchWords(typed), part))
    .execute();
  return rows.map((row) => names.get(row.id) ?? String(row.id)).sort();
}

describe(`product search on ${process.env.TEST_DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`, () => {
  it.each<[string, SearchPart, string[]]>([
    ['runner', 'all', ['Blue Mountain Trail Sneaker', 'Irie Graphic Tee', 'Kingston Runner']],
    ['runner', 'name', ['Kingston Runner']],
    ['runner', 'rest', ['Blue Mountain Trail Sneaker', 'Irie Graphic Tee']],
    ['KINGS run', 'all', ['Kingston Runner']],
    ['kings tee', 'all', []],
    ['cafe', 'all', ['Café Cap']],
    ['Café', 'name', ['Café Cap']],
    ['runners', 'all', ['Blue Mountain Trail Sneaker', 'Kingston Runner']],
    ['runners', 'name', []],
    ['morning', 'all', ['Irie Graphic Tee']],
    ['morning', 'rest', ['Irie Graphic Tee']],
    ['zzzz', 'all', []],
    ['"tee" OR name:*', 'all', []],
    ['NEAR(cap', 'all', []],
  ])('%j in %s → %j', async (typed, part, expected) => {
    expect(await found(typed, part)).toEqual(expected);
  });

  it('finds the same products whether it reads matches by id or not', async () => {
    const search = productSearch(database.handle.db, database.handle.dialect);
    const readById = await search.readMatchesById(searchWords('runner'), 'all');
    expect(await found('runner', 'all', readById)).toEqual(await found('runner', 'all', !readById));
  });

  it('follows renamed products and categories', async () => {
    const db = database.handle.db;
    await db.updateTable('categories').set({ name: 'Trainers' }).where('id', '=', runners).execute();
    const cap = [...names].find(([, name]) => name === 'Café Cap')?.[0] ?? 0;
    await db.updateTable('products').set({ name: 'Bucket Hat' }).where('id', '=', cap).execute();
    names.set(cap, 'Bucket Hat');
    expect(await found('runners')).toEqual([]);
    expect(await found('trainers')).toEqual(['Blue Mountain Trail Sneaker', 'Kingston Runner']);
    expect(await found('cafe')).toEqual([]);
    expect(await found('bucket')).toEqual(['Bucket Hat']);
  });
});
