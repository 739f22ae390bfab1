import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageStateElementId, type HomeResponse } from '@threadline/contracts';
import { createTestShop, type TestShop } from '../../test/helper.ts';
import { privateCacheControl, publicCacheControl } from '../http-caching.ts';

const indexHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>Threadline | Clothing &amp; Merch from Kingston, Jamaica</title>
<meta name="description" content="The shop's own description, long enough that the page is worth compressing for a phone on a slow connection." />
<meta property="og:title" content="Threadline | Clothing &amp; Merch from Kingston, Jamaica" />
<meta property="og:description" content="The shop's own description, long enough that the page is worth compressing for a phone on a slow connection." />
<script type="module" crossorigin src="/assets/index-a1.js"></script>
</head><body><div id="root"></div></body></html>`;

/**
 * A stand-in for the web app's server build (dist/.ssr/entry-server.js), speaking its contract: it
 * reads the API through the server's in-process reader and hands back markup, state and head.
 */
const renderer = `
let renders = 0;
export async function renderPage({ url, origin, fetchApi, currency }) {
  renders += 1;
  // A search's page, rendered without reading the API: the tests ask for a thousand of them.
  if (new URL(url, origin).searchParams.has('search')) {
    return { status: 200, html: '<main data-url="' + url + '" data-render="' + renders + '"></main>', state: '{}', title: null, description: '' };
  }
  const path = new URL(url, origin).pathname;
  if (path === '/cart') return null;
  if (path === '/contact') throw new Error('the page broke while rendering');
  const productId = path.startsWith('/product/') ? path.split('/')[2] : null;
  const product = productId === null ? null : await fetchApi('/api/product/' + productId + '/');
  const state = {
    origin,
    currency,
    home: await fetchApi('/api/home/'),
    missingProduct: await fetchApi('/api/product/999999/'),
    notApi: await fetchApi('/static/media/x.webp'),
    productStatus: product && product.status,
    productStock: product && product.body && product.body.product.stock,
  };
  return {
    status: product && product.status !== 200 ? 404 : 200,
    html: '<main data-url="' + url + '" data-render="' + renders + '"><h1>Rendered on the server</h1></main>',
    state: JSON.stringify(state).replaceAll('<', '\\\\u003c'),
    title: path === '/' ? null : 'Tees & <Hats> | Threadline',
    description: 'Fresh "drops" & more',
  };
}
`;

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ webFiles: { 'index.html': indexHtml, '.ssr/entry-server.js': renderer } });
  await shop.ready();
});
afterAll(() => shop.close());

function pageState(body: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${pageStateElementId}">([^<]*)</script>`).exec(body);
  return match ? (JSON.parse(match[1] ?? '') as unknown) : null;
}

describe('pages rendered on the server', () => {
  it("puts the page's markup into #root and its state beside it, read from the API in-process", async () => {
    const home = (await shop.app.inject({ method: 'GET', url: '/api/home/' })).json<HomeResponse>();
    // The page names the configured address (PUBLIC_URL's default here), not the Host it was asked with.
    const response = await shop.app.inject({
      method: 'GET',
      url: '/shop?sort=price_low',
      headers: { host: 'threadline.attacker.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /<div id="root"><main data-url="\/shop\?sort=price_low" data-render="\d+"><h1>Rendered on the server<\/h1><\/main><\/div>/,
    );
    expect(pageState(response.body)).toEqual({
      origin: 'http://localhost:3000',
      currency: 'JMD',
      home: { status: 200, body: home },
      missingProduct: { status: 404 },
      notApi: { status: 400 },
      productStatus: null,
      productStock: null,
    });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("writes the page's title and description into the head, escaped", async () => {
    const { body } = await shop.app.inject({ method: 'GET', url: '/product/1' });
    expect(body).toContain('<title>Tees &amp; &lt;Hats&gt; | Threadline</title>');
    expect(body).toContain('<meta property="og:title" content="Tees &amp; &lt;Hats&gt; | Threadline"');
    expect(body).toContain('<meta name="description" content="Fresh &quot;drops&quot; &amp; more"');
    expect(body).toContain('<meta property="og:description" content="Fresh &quot;drops&quot; &amp; more"');
  });

  it("keeps the shop's own title for a page that names none", async () => {
    const { body } = await shop.app.inject({ method: 'GET', url: '/' });
    expect(body).toContain('<title>Threadline | Clothing &amp; Merch from Kingston, Jamaica</title>');
  });

  it('serves the plain app for a page the renderer leaves to the browser, or fails to render', async () => {
    for (const url of ['/cart', '/contact']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
      // It is the browser's to render, for the shopper it is: no cache keeps it.
      expect(response.headers['cache-control'], url).toBe(privateCacheControl);
      expect(response.headers.etag, url).toBeUndefined();
    }
  });

  it('keeps a rendered page with a validator for every shopper, until a product it shows changes in stock', async () => {
    const productId = 1;
    const fetchPage = (headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url: `/product/${productId}`, headers });
    const first = await fetchPage();
    expect(first.headers['cache-control']).toBe(publicCacheControl);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const held = await fetchPage({ 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');

    // Kept: a change nobody told is not seen, nor one of a product the page does not show.
    await shop.database.handle.db.updateTable('product_variants').set({ stock: 7 }).where('product_id', '=', productId).execute();
    await shop.app.changes.publish('catalog', [999_999]);
    expect((await fetchPage()).headers.etag).toBe(etag);

    await shop.app.changes.publish('catalog', [productId]);
    const changed = await fetchPage({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const variants = await shop.database.handle.db
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', productId)
      .execute();
    expect(pageState(changed.body)).toMatchObject({ productStock: 7 * variants.length });
  });

  it('answers 404 for a product that does not exist, or an id that is no product id, as the render found', async () => {
    for (const [url, productStatus] of [
      ['/product/999999', 404],
      ['/product/99999999999', 404],
      ['/product/abc', 404],
      // Longer than any id the API reads: refused by its schema.
      [`/product/${'1'.repeat(30)}`, 400],
    ] as const) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<h1>Rendered on the server</h1>');
      expect(pageState(response.body), url).toMatchObject({ productStatus });
    }
    expect((await shop.app.inject({ method: 'GET', url: '/product/1' })).statusCode).toBe(200);
  });

  it('renders and keeps a page once whatever else its address carries, so made-up addresses push no page out', async () => {
    const get = (url: string) => shop.app.inject({ method: 'GET', url });
    const renderOf = (body: string) => /data-render="(\d+)"/.exec(body)?.[1];
    const home = renderOf((await get('/')).body);
    expect(home).toBeDefined();
    for (let n = 1; n <= 50; n += 1) expect(renderOf((await get(`/?x=${n}`)).body), `/?x=${n}`).toBe(home);

    // A listing reads its filters, and only those: the same filters in any order, with anything beside them, are one page.
    const sorted = await get('/shop?utm_source=mail&sort=price_low&x=1');
    expect(sorted.body).toContain('data-url="/shop?sort=price_low"');
    expect(renderOf((await get('/shop?sort=price_low')).body)).toBe(renderOf(sorted.body));
    const filtered = await get('/shop?size=M&search=%20tee%20&category=hats');
    expect(filtered.body).toContain('data-url="/shop?category=hats&search=tee&size=M"');
    expect(renderOf((await get('/shop?category=hats&size=M&search=tee')).body)).toBe(renderOf(filtered.body));
    // A category page takes its category from the path, not the query.
    expect((await get('/categories/hats?category=tees&sort=newest')).body).toContain('data-url="/categories/hats?sort=newest"');

    // Searches anyone can make up, more than the cache of pages holds, are kept apart: they push out no page.
    // The clock stands still meanwhile: on a busy machine a thousand renders outlast the pages' 10 s,
    // and the home page rendered again for that would not be pushed out.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const kept = renderOf((await get('/')).body);
      for (let n = 1; n <= 1_001; n += 1) await get(`/shop?search=${n}`);
      expect(renderOf((await get('/')).body)).toBe(kept);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for an unknown page, with the page rendered for it', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Rendered on the server</h1>');
  });

  it("renders in the currency of the shopper's cookie, and varies the page on it", async () => {
    const currencyOf = async (cookie?: string) => {
      const response = await shop.app.inject({ method: 'GET', url: '/shop', ...(cookie ? { cookies: { currency: cookie } } : {}) });
      expect(response.headers.vary).toMatch(/\bcookie\b/);
      expect(response.headers['cache-control']).toBe(publicCacheControl);
      return (pageState(response.body) as { currency: string }).currency;
    };
    expect(await currencyOf('USD')).toBe('USD');
    expect(await currencyOf('JMD')).toBe('JMD');
    expect(await currencyOf()).toBe('JMD');
    expect(await currencyOf('EUR')).toBe('JMD');
    expect(await currencyOf('<script>')).toBe('JMD');
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
