import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCategories, shopPageSize, type ProductDetailResponse, type ShopResponse } from '@threadline/contracts';
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

  it('names the colour of each picture of a product with colours, a picture of each colour where it has one', async () => {
    const { results } = (await shop.app.inject({ method: 'GET', url: '/api/shop/?search=kingston%20runner' })).json() as ShopResponse;
    const runner = results.products.find((product) => product.name === 'Kingston Runner');
    const detail: ProductDetailResponse = (await shop.app.inject({ method: 'GET', url: `/api/product/${runner?.id}/` })).json();
    const colours = (detail.available_variants.Color ?? []).map((option) => option.value);
    expect(colours.length).toBeGreaterThan(1);
    const pictured = detail.product.images.map((image) => image.color);
    expect(pictured.every((colour) => colour !== null && colours.includes(colour))).toBe(true);
    expect(new Set(pictured).size).toBe(Math.min(colours.length, pictured.length));
    for (const image of detail.product.images) expect(image.alt_text).toContain(`in ${image.color},`);

    // A product without a colour option is drawn in one colour, but shows no colour to choose.
    const { results: tote } = (await shop.app.inject({ method: 'GET', url: '/api/shop/?search=market%20tote' })).json() as ShopResponse;
    const bag = tote.products.find((product) => product.name === 'Market Tote Bag');
    expect(bag?.images.length).toBeGreaterThan(0);
    expect(bag?.images.map((image) => image.color)).toEqual(bag?.images.map(() => null));
  });

  it('shows featured products on the home page', async () => {
    const body = (await shop.app.inject({ method: 'GET', url: '/api/home/' })).json();
    expect(body.featured_products.length).toBeGreaterThanOrEqual(4);
    expect(body.categories.length).toBe(6);
  });
});
