import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import { shopPageSize, type ShopResponse } from '@threadline/contracts';
import type { ProductVariantTable } from '../../db/tables.ts';
import { createCategory } from '../../../test/factories.ts';
import { createTestShop, type TestShop } from '../../../test/helper.ts';
import { createProductStockRepository } from '../inventory/product-stock.repository.ts';

/**
 * A search matching more products than a summary reads in one slice (on SQLite) and more name
 * matches and other matches than are read by id: the page, count and facets are those of the
 * whole set, counted here from the products as they were made.
 */
let shop: TestShop;
const made: { id: number; named: boolean; price: number; variants: { size: string; color: string | null; stock: number }[] }[] = [];
const total = 2_700;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.database.handle.db;
  const categoryId = await createCategory(db, { name: 'Tees', slug: 'tees' });
  const base = Date.UTC(2026, 0, 1);
  for (let start = 0; start < total; start += 500) {
    const rows = Array.from({ length: Math.min(500, total - start) }, (_, offset) => {
      const i = start + offset;
      const created = new Date(base + i * 60_000).toISOString();
      // Every product matches 'kestrel' in its description; 905 of them in the name too.
      const name = i % 3 === 0 || [1, 2, 4, 5, 7].includes(i) ? `Kestrel Tee ${i}` : `Harbour Tee ${i}`;
      return {
        name,
        slug: `kestrel-${i}`,
        description: 'Kestrel cotton.',
        category_id: categoryId,
        price: 100_000 + ((i * 7_919) % 50_000),
        is_active: 1,
        is_featured: 0,
        is_new_arrival: 0,
        features: '[]',
        specifications: '{}',
        created_at: created,
        updated_at: created,
      };
    });
    const inserted = await db.insertInto('products').values(rows).returning(['id', 'name', 'price']).execute();
    const variants: Insertable<ProductVariantTable>[] = [];
    inserted.forEach((product, offset) => {
      const i = start + offset;
      const options = [
        { size: 'S', color: i % 2 === 0 ? 'Red' : 'Navy', stock: i % 5 === 0 ? 0 : 3 },
        { size: 'M', color: 'Red', stock: i % 7 === 0 ? 4 : 0 },
        { size: 'L', color: null, stock: i % 4 === 0 ? 1 : 0 },
      ];
      made.push({ id: product.id, named: product.name.startsWith('Kestrel'), price: product.price, variants: options });
      options.forEach((option, position) => variants.push({ product_id: product.id, sku: `K-${i}-${position}`, ...option, position }));
    });
    await db.insertInto('product_variants').values(variants).execute();
  }
  await createProductStockRepository(db).recount('all');
  await shop.ready();
});
afterAll(() => shop.close());

async function shopPage(query: string): Promise<ShopResponse> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/shop/?search=kestrel&${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const pageIds = (answer: ShopResponse) => answer.results.products.map((product) => product.id);
const newestFirst = (products: typeof made) => [...products].sort((a, b) => b.id - a.id).map((product) => product.id);
const facet = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
};
const bySize = (a: { value: string }, b: { value: string }) => ['S', 'M', 'L'].indexOf(a.value) - ['S', 'M', 'L'].indexOf(b.value);
const byName = (a: { value: string }, b: { value: string }) => a.value.localeCompare(b.value);

describe('a search of thousands of matches', () => {
  it('lists the name matches first and then the rest, newest first, across the page where they meet', async () => {
    const named = newestFirst(made.filter((product) => product.named));
    const rest = newestFirst(made.filter((product) => !product.named));
    expect(named.length).toBe(905);
    expect(pageIds(await shopPage('page=1'))).toEqual(named.slice(0, shopPageSize));
    // 905 name matches: page 76 starts at 900.
    expect(pageIds(await shopPage('page=76'))).toEqual([...named.slice(900), ...rest.slice(0, shopPageSize - 5)]);
    expect(pageIds(await shopPage('page=77'))).toEqual(rest.slice(shopPageSize - 5, 2 * shopPageSize - 5));
    const byPrice = [...made].sort((a, b) => a.price - b.price || a.id - b.id).map((product) => product.id);
    expect(pageIds(await shopPage('sort=price_low&page=40'))).toEqual(byPrice.slice(39 * shopPageSize, 40 * shopPageSize));
  });

  it('counts every match and its sizes, colours and prices', async () => {
    const answer = await shopPage('page=1');
    const inStock = (product: (typeof made)[number]) => product.variants.filter((variant) => variant.stock > 0);
    expect(answer.count).toBe(total);
    expect([...answer.facets.sizes].sort(bySize)).toEqual(
      facet(made.flatMap((product) => [...new Set(inStock(product).map((variant) => variant.size))])).sort(bySize),
    );
    expect([...answer.facets.colors].sort(byName)).toEqual(
      facet(made.flatMap((product) => [...new Set(inStock(product).flatMap((variant) => (variant.color ? [variant.color] : [])))])).sort(
        byName,
      ),
    );
    const prices = made.map((product) => product.price);
    expect(answer.facets.price).toEqual({ min: Math.min(...prices) / 100, max: Math.max(...prices) / 100 });
  });

  it('counts a colour and a price filter the same way', async () => {
    const answer = await shopPage('color=Red&min_price=1200&max_price=1400');
    const red = (product: (typeof made)[number]) => product.variants.some((variant) => variant.color === 'Red' && variant.stock > 0);
    const priced = (product: (typeof made)[number]) => product.price >= 120_000 && product.price <= 140_000;
    expect(answer.count).toBe(made.filter((product) => red(product) && priced(product)).length);
    expect([...answer.facets.sizes].sort(bySize)).toEqual(
      facet(
        made
          .filter(priced)
          .flatMap((product) => [
            ...new Set(product.variants.filter((variant) => variant.color === 'Red' && variant.stock > 0).map((variant) => variant.size)),
          ]),
      ).sort(bySize),
    );
    const redPrices = made.filter(red).map((product) => product.price);
    expect(answer.facets.price).toEqual({ min: Math.min(...redPrices) / 100, max: Math.max(...redPrices) / 100 });
    expect(pageIds(answer)).toEqual(
      newestFirst(made.filter((product) => product.named && red(product) && priced(product))).slice(0, shopPageSize),
    );
  });
});
