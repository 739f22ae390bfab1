import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
let productId = 0;
beforeAll(async () => {
  shop = await createTestShop({ seed: false, environment: { PUBLIC_URL: 'https://shop.example.jm/' } });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 300_000 })).id;
  await createProduct(shop.database.handle.db, { name: 'Retired Cap', categoryId: category, price: 300_000, isActive: false });
  await shop.ready();
});
afterAll(() => shop.close());

describe('crawler files', () => {
  it('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /checkout');
    expect(response.body).toContain('Sitemap: https://shop.example.jm/sitemap.xml');
  });

  it('sitemap.xml lists pages, categories and active products only', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain('<loc>https://shop.example.jm/shop/category/hats</loc>');
    expect(response.body).toContain(`<loc>https://shop.example.jm/product/${productId}</loc>`);
    expect(response.body.match(/\/product\//g)).toHaveLength(1);
  });
});
