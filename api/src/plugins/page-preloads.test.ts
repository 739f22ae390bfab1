import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test/helper.ts';

// A build manifest shaped like Vite's: the entry and its chunk, and the catalogue pages with the
// chunks they import (one of them shared with the entry, which index.html already loads).
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
  'src/features/catalog/pages/categories-page.tsx': { file: 'assets/categories-page-h8.js', isDynamicEntry: true },
  'src/features/catalog/pages/category-page.tsx': {
    file: 'assets/category-page-i9.js',
    isDynamicEntry: true,
    imports: ['_product-card-c3.js'],
  },
  'src/features/content/pages/contact-page.tsx': { file: 'assets/contact-page-g7.js', isDynamicEntry: true },
};
const indexHtml =
  '<!doctype html><html><head><title>Threadline</title><script type="module" src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false, webFiles: { 'index.html': indexHtml, '.vite/manifest.json': JSON.stringify(manifest) } });
  await shop.ready();
});
afterAll(() => shop.close());

async function preloadedChunks(url: string) {
  const response = await shop.app.inject({ method: 'GET', url });
  const head = response.body.slice(0, response.body.indexOf('</head>'));
  return [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
}

describe('preload hints in the HTML of the catalogue pages', () => {
  it("names each catalogue page's chunks, without what the entry loads anyway", async () => {
    expect(await preloadedChunks('/')).toEqual(['/assets/home-page-d4.js', '/assets/product-card-c3.js']);
    for (const url of ['/shop', '/shop/category/sneakers', '/shop?sort=price_low']) {
      expect(await preloadedChunks(url), url).toEqual(['/assets/shop-page-e5.js', '/assets/product-card-c3.js']);
    }
    expect(await preloadedChunks('/product/12')).toEqual(['/assets/product-page-f6.js']);
    expect(await preloadedChunks('/categories')).toEqual(['/assets/categories-page-h8.js']);
    expect(await preloadedChunks('/categories/hats')).toEqual(['/assets/category-page-i9.js', '/assets/product-card-c3.js']);
  });

  it('adds nothing to other pages or to the 404 page', async () => {
    for (const url of ['/contact', '/cart', '/nope']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.body, url).toBe(indexHtml);
    }
  });
});
