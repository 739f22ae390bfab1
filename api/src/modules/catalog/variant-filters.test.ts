import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopResponse } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.database.handle.db;
  const sneakers = await createCategory(db, { name: 'Sneakers', slug: 'sneakers' });
  // Size 9 is in stock (in Red) and Black is in stock (in size 10), but a 9 in Black is sold out.
  await createProduct(db, {
    name: 'Half Way Tree High-Top',
    categoryId: sneakers,
    price: 1_800_000,
    variants: [
      { size: '9', color: 'Black', stock: 0 },
      { size: '9', color: 'Red', stock: 3 },
      { size: '10', color: 'Black', stock: 5 },
    ],
  });
  await createProduct(db, {
    name: 'Port Royal Runner',
    categoryId: sneakers,
    price: 1_500_000,
    variants: [
      { size: '9', color: 'Black', stock: 2 },
      { size: '11', color: 'White', stock: 4 },
    ],
  });
  await shop.ready();
});
afterAll(() => shop.close());

async function getShop(query: string): Promise<ShopResponse> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/shop/${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/shop/ with a size and a colour', () => {
  it('lists only products with that size in that colour in stock, and counts them', async () => {
    const body = await getShop('?size=9&color=Black');
    expect(body.results.products.map((product) => product.name)).toEqual(['Port Royal Runner']);
    expect(body.count).toBe(1);
  });

  it('counts each size among the chosen colour in stock, and each colour among the chosen size', async () => {
    const { facets } = await getShop('?size=9&color=Black&sort=price_low');
    // Choosing size 10 would list the high-top (10 in Black); size 11 exists only in White.
    expect(facets.sizes).toEqual([
      { value: '9', count: 1 },
      { value: '10', count: 1 },
    ]);
    // Choosing Red would list the high-top (9 in Red); White exists only in size 11.
    expect(facets.colors).toEqual([
      { value: 'Black', count: 1 },
      { value: 'Red', count: 1 },
    ]);
  });

  it('lists every count a facet promises', async () => {
    const { facets } = await getShop('?size=9&color=Red');
    for (const { value, count } of facets.sizes) {
      expect((await getShop(`?size=${value}&color=Red`)).count, `size ${value}`).toBe(count);
    }
    for (const { value, count } of facets.colors) {
      expect((await getShop(`?size=9&color=${value}`)).count, `colour ${value}`).toBe(count);
    }
  });
});
