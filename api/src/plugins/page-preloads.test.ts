import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { pageDataElementId, productImageSizes, type HomeResponse, type ProductDetailResponse, type ShopResponse } from '@threadline/contracts';
import { createTestShop, type TestShop } from '../../test/helper.ts';

// A build manifest shaped like Vite's: the entry and its chunk, and the three pages with the chunks
// they import (one of them shared with the entry, which index.html already loads).
const manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_jsx-runtime-b2.js'] },
  '_jsx-runtime-b2.js': { file: 'assets/jsx-runtime-b2.js' },
  '_product-card-c3.js': { file: 'assets/product-card-c3.js', imports: ['_jsx-runtime-b2.js'] },
  'src/features/catalog/pages/home-page.tsx': {
    file: 'assets/home-page-d4.js',
    isDynamicEntry: true,
    imports: ['_product-card-c3.js', '_jsx-runtime-b2.js'],
  },
  'src/features/catalog/pages/shop-page.tsx': { file: 'assets/shop-page-e5.js', isDynamicEntry: true, imports: ['_product-card-c3.js'] },
  'src/features/product/pages/product-page.tsx': { file: 'assets/product-page-f6.js', isDynamicEntry: true },
  'src/features/content/pages/contact-page.tsx': { file: 'assets/contact-page-g7.js', isDynamicEntry: true },
};
const indexHtml =
  '<!doctype html><html><head><title>Threadline</title><script type="module" src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ webFiles: { 'index.html': indexHtml, '.vite/manifest.json': JSON.stringify(manifest) } });
  await shop.ready();
});
afterAll(() => shop.close());

async function page(url: string) {
  const response = await shop.app.inject({ method: 'GET', url });
  const head = response.body.slice(0, response.body.indexOf('</head>'));
  const links = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const image = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(head);
  const data = new RegExp(`<script type="application/json" id="${pageDataElementId}" data-path="([^"]+)">([^<]*)</script>`).exec(head);
  return {
    status: response.statusCode,
    body: response.body,
    data: data ? { path: data[1]?.replaceAll('&amp;', '&'), answer: JSON.parse(data[2] ?? '') as unknown } : null,
    chunks: links,
    image: image ? { href: image[1], srcset: image[2]?.replaceAll('&amp;', '&'), sizes: image[3] } : null,
  };
}

describe('preload hints in the HTML of the storefront pages', () => {
  it('names the home chunks and the first best seller picture, as the page will ask for it', async () => {
    const home = (await shop.app.inject({ method: 'GET', url: '/api/home/' })).json<HomeResponse>();
    const first = home.featured_products[0]?.images[0];
    if (!first) throw new Error('the seeded shop has best sellers with pictures');

    const { status, chunks, image, body, data } = await page('/');
    expect(status).toBe(200);
    expect(data).toEqual({ path: '/api/home/', answer: home });
    expect(image).toEqual({ href: first.image, srcset: first.srcset, sizes: productImageSizes.card });
    // The page and what it imports, without what the entry already loads.
    expect(chunks).toEqual(['/assets/home-page-d4.js', '/assets/product-card-c3.js']);
    expect(body).toContain('<div id="root"></div>');
  });

  it("names the product page chunk and that product's first picture at the gallery's sizes", async () => {
    const shopPage = (await shop.app.inject({ method: 'GET', url: '/api/shop/' })).json<{ results: { products: { id: number }[] } }>();
    const id = shopPage.results.products[0]?.id ?? 0;
    const detail = (await shop.app.inject({ method: 'GET', url: `/api/product/${id}/` })).json<ProductDetailResponse>();
    const first = detail.product.images[0];
    if (!first) throw new Error('seeded products have pictures');

    const { chunks, image, data } = await page(`/product/${id}`);
    expect(data).toEqual({ path: `/api/product/${id}/`, answer: detail });
    expect(image).toEqual({ href: first.image, srcset: first.srcset, sizes: productImageSizes.gallery });
    expect(chunks).toEqual(['/assets/product-page-f6.js']);
  });

  it('still serves a missing product page, with its chunk and no picture', async () => {
    const { status, chunks, image, data } = await page('/product/999999');
    expect(status).toBe(200);
    expect(image).toBeNull();
    expect(data).toBeNull();
    expect(chunks).toEqual(['/assets/product-page-f6.js']);
  });

  it('carries the first page of the unfiltered shop and of a category, as the app asks for it, with its first picture', async () => {
    for (const [url, api] of [
      ['/shop', '/api/shop/?page=1'],
      ['/shop/category/sneakers', '/api/shop/?category=sneakers&page=1'],
    ] as const) {
      const answer = (await shop.app.inject({ method: 'GET', url: api })).json<ShopResponse>();
      const first = answer.results.products[0]?.images[0];
      if (!first) throw new Error(`the seeded shop lists products with pictures at ${api}`);

      const { chunks, image, data } = await page(url);
      expect(chunks, url).toEqual(['/assets/shop-page-e5.js', '/assets/product-card-c3.js']);
      expect(data, url).toEqual({ path: api, answer });
      expect(image, url).toEqual({ href: first.image, srcset: first.srcset, sizes: productImageSizes.card });
    }
  });

  it('carries no data for a filtered shop, whose query the app builds itself', async () => {
    const { chunks, image, data } = await page('/shop?sort=price_low');
    expect(chunks).toEqual(['/assets/shop-page-e5.js', '/assets/product-card-c3.js']);
    expect(data).toBeNull();
    expect(image).toBeNull();
  });

  it('adds nothing to other pages or to the 404 page', async () => {
    for (const url of ['/contact', '/cart', '/nope']) {
      const { chunks, image, body } = await page(url);
      expect(chunks, url).toEqual([]);
      expect(image, url).toBeNull();
      expect(body, url).toBe(indexHtml);
    }
  });

  it('escapes every < in the data, so no product text can close the script', async () => {
    // A product no page has shown yet, so no cached answer hides the change.
    const shopPage = (await shop.app.inject({ method: 'GET', url: '/api/shop/' })).json<{ results: { products: { id: number }[] } }>();
    const id = shopPage.results.products[1]?.id ?? 0;
    await shop.database.handle.db.updateTable('products').set({ description: 'Tough </script><script>alert(1)</script> sole' }).where('id', '=', id).execute();
    const response = await shop.app.inject({ method: 'GET', url: `/product/${id}` });
    const script = response.body.slice(response.body.indexOf(`id="${pageDataElementId}"`), response.body.indexOf('</head>'));
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const { data } = await page(`/product/${id}`);
    if (!data) throw new Error('the product page carries its answer');
    expect((data.answer as ProductDetailResponse).product.description).toBe('Tough </script><script>alert(1)</script> sole');
  });

  it('compresses the page for browsers that accept it', async () => {
    const plain = await shop.app.inject({ method: 'GET', url: '/' });
    const brotli = await shop.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await shop.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
  });
});
