import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCategories, shopPageSize, type ShopResponse } from '@threadline/contracts';
import { createTestShop, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
  await shop.ready();
});
afterAll(() => shop.close());

describe('the seeded demo catalogue through the API', () => {
  it('pages through every product exactly once by following next', async () => {
    const seen: number[] = [];
    let url: string | null = '/api/shop/';
    let total = 0;
    while (url) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const body: ShopResponse = response.json();
      total = body.count;
      expect(body.results.products.length).toBeLessThanOrEqual(shopPageSize);
      seen.push(...body.results.products.map((product) => product.id));
      url = body.next;
    }
    expect(total).toBeGreaterThanOrEqual(60);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('has the fixed categories of the /categories grid, with products in each', async () => {
    const body = (await shop.app.inject({ method: 'GET', url: '/api/shop/categories/' })).json();
    for (const { slug } of fixedCategories) {
      const category = body.hierarchical_categories.find((entry: { slug: string }) => entry.slug === slug);
      expect(category?.product_count, slug).toBeGreaterThan(0);
    }
  });

  it('shows featured products on the home page', async () => {
    const body = (await shop.app.inject({ method: 'GET', url: '/api/home/' })).json();
    expect(body.featured_products.length).toBeGreaterThanOrEqual(4);
    expect(body.categories.length).toBe(6);
  });
});
