import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, type ListedProduct, type ShopResponse } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, type TestShop } from '../../../test/helper.ts';
import { privateCacheControl, publicCacheControl } from '../../http-caching.ts';

let shop: TestShop;
const ids: Record<string, number> = {};

const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12)).toISOString();

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.database.handle.db;
  const footwear = await createCategory(db, { name: 'Footwear', slug: 'footwear', sortOrder: 1 });
  const runners = await createCategory(db, { name: 'Runners', slug: 'runners', parentId: footwear });
  const tops = await createCategory(db, { name: 'Tops', slug: 'tops', sortOrder: 2 });
  const tees = await createCategory(db, { name: 'Tees', slug: 'tees', parentId: tops });

  ids.runner = (
    await createProduct(db, {
      name: 'Kingston Runner',
      categoryId: runners,
      price: 1_500_000,
      salePrice: 1_200_000,
      unitsSold: 5,
      createdAt: day(1),
      variants: [
        { size: '10', color: 'Black', stock: 4 },
        { size: '9', color: 'Black', stock: 2 },
        { size: '9', color: 'White', stock: 0 },
      ],
      images: 3,
      imageColors: ['Black', 'White'],
    })
  ).id;
  ids.trail = (
    await createProduct(db, {
      name: 'Blue Mountain Trail Sneaker',
      categoryId: runners,
      price: 2_000_000,
      unitsSold: 20,
      createdAt: day(2),
      variants: [
        { size: '8', color: 'Green', stock: 0 },
        { size: '9', color: 'Green', stock: 3 },
      ],
    })
  ).id;
  ids.tee = (
    await createProduct(db, {
      name: 'Irie Graphic Tee',
      description: 'A tee for the morning runner.',
      categoryId: tees,
      price: 300_000,
      createdAt: day(3),
      variants: [
        { size: 'M', color: 'White', stock: 5 },
        { size: 'S', color: 'White', stock: 5 },
      ],
    })
  ).id;
  ids.cap = (await createProduct(db, { name: 'Café Cap', categoryId: tops, price: 250_000, createdAt: day(4), isFeatured: true })).id;
  ids.hidden = (await createProduct(db, { name: 'Hidden Runner Hat', categoryId: tops, price: 100_000, isActive: false })).id;
  ids.soldOut = (
    await createProduct(db, {
      name: 'Sold Out Slide',
      categoryId: runners,
      price: 500_000,
      createdAt: day(5),
      variants: [{ size: '9', color: 'Black', stock: 0 }],
    })
  ).id;
  await shop.ready();
});
afterAll(() => shop.close());

async function getShop(query = ''): Promise<ShopResponse> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/shop/${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const names = (body: ShopResponse) => body.results.products.map((product) => product.name);

describe('GET /api/shop/', () => {
  it('lists active products newest first with what their cards show', async () => {
    const body = await getShop();
    expect(body.count).toBe(5);
    expect(names(body)).toEqual(['Sold Out Slide', 'Café Cap', 'Irie Graphic Tee', 'Blue Mountain Trail Sneaker', 'Kingston Runner']);
    expect(body.next).toBeNull();
    expect(body.previous).toBeNull();
    const runner = body.results.products.find((product) => product.id === ids.runner) as ListedProduct;
    // The card's fields and its first picture; the product call has the description and the gallery (spec deviation 59).
    expect(runner).toEqual({
      id: ids.runner,
      name: 'Kingston Runner',
      price: 15000,
      sale_price: 12000,
      is_on_sale: true,
      is_new_arrival: false,
      is_featured: false,
      category: { slug: 'runners', name: 'Runners' },
      stock: 6,
      images: [expect.any(Object)],
      // Stars on the card once it has approved reviews (KINGSTON.md §6).
      rating_average: null,
      rating_count: 0,
    });
    expect(runner.images[0]).toMatchObject({
      image: `/static/media/products/test-${ids.runner}-1-640.webp`,
      alt_text: 'Kingston Runner, view 1',
      width: 960,
      height: 960,
      color: 'Black',
    });
    expect(runner.images[0]?.srcset).toContain('-320.webp 320w');
  });

  it('sorts by the effective price (sale price when on sale) both ways', async () => {
    expect(names(await getShop('?sort=price_low'))).toEqual([
      'Café Cap',
      'Irie Graphic Tee',
      'Sold Out Slide',
      'Kingston Runner',
      'Blue Mountain Trail Sneaker',
    ]);
    expect(names(await getShop('?sort=price_high'))[0]).toBe('Blue Mountain Trail Sneaker');
  });

  it('ranks best sellers by units sold, newest first on ties', async () => {
    expect(names(await getShop('?sort=best_sellers'))).toEqual([
      'Blue Mountain Trail Sneaker',
      'Kingston Runner',
      'Sold Out Slide',
      'Café Cap',
      'Irie Graphic Tee',
    ]);
  });

  it('filters by category, a parent including its children', async () => {
    expect(names(await getShop('?category=footwear')).sort()).toEqual(['Blue Mountain Trail Sneaker', 'Kingston Runner', 'Sold Out Slide']);
    expect(names(await getShop('?category=tees'))).toEqual(['Irie Graphic Tee']);
    expect((await getShop('?category=no-such-category')).count).toBe(0);
  });

  it('searches words and prefixes case-insensitively, name matches first', async () => {
    // "runner" is in one name, one description and the category "Runners" of three products.
    expect(names(await getShop('?search=runner'))).toEqual([
      'Kingston Runner',
      'Sold Out Slide',
      'Irie Graphic Tee',
      'Blue Mountain Trail Sneaker',
    ]);
    expect(names(await getShop('?search=KINGS%20RUN'))).toEqual(['Kingston Runner']);
    expect(names(await getShop('?search=cafe'))).toEqual(['Café Cap']);
    expect(names(await getShop('?search=runners')).sort()).toEqual(['Blue Mountain Trail Sneaker', 'Kingston Runner', 'Sold Out Slide']);
    expect((await getShop('?search=zzzz')).count).toBe(0);
    expect((await getShop('?search=%22%20OR%20*')).count).toBe(0);
  });

  it('combines search with an explicit sort and a category', async () => {
    expect(names(await getShop('?search=runner&sort=price_low'))).toEqual([
      'Irie Graphic Tee',
      'Sold Out Slide',
      'Kingston Runner',
      'Blue Mountain Trail Sneaker',
    ]);
    expect(names(await getShop('?search=runner&category=tops'))).toEqual(['Irie Graphic Tee']);
  });

  it('filters by size and colour in stock, and by price range', async () => {
    expect(names(await getShop('?size=9')).sort()).toEqual(['Blue Mountain Trail Sneaker', 'Kingston Runner']);
    expect(names(await getShop('?color=White'))).toEqual(['Irie Graphic Tee']);
    expect(names(await getShop('?size=9&color=Black'))).toEqual(['Kingston Runner']);
    expect(names(await getShop('?min_price=2000&max_price=4000'))).toEqual(['Café Cap', 'Irie Graphic Tee']);
  });

  it('counts facets over the whole result, each ignoring its own filter', async () => {
    const body = await getShop('?category=footwear&size=9');
    expect(body.facets.sizes).toEqual([
      { value: '9', count: 2 },
      { value: '10', count: 1 },
    ]);
    expect(body.facets.colors).toEqual([
      { value: 'Black', count: 1 },
      { value: 'Green', count: 1 },
    ]);
    expect(body.facets.price).toEqual({ min: 12000, max: 20000 });
  });

  it('answers bad parameters with a 400 JSON error, never a 5xx', async () => {
    for (const query of ['?sort=cheapest', '?page=0', '?page=abc', '?min_price=-5', '?min_price=500&max_price=100']) {
      const response = await shop.app.inject({ method: 'GET', url: `/api/shop/${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toHaveProperty('error');
    }
  });

  it('answers a page past the end with a 404 JSON error', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/shop/?page=3' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Invalid page.', request_id: expect.any(String) });
  });

  it('lists categories with product counts for the filter', async () => {
    const body = await getShop();
    expect(body.results.categories.map((category) => [category.slug, category.product_count, category.parent])).toEqual([
      ['footwear', 3, null],
      ['runners', 3, 'footwear'],
      ['tops', 2, null],
      ['tees', 1, 'tops'],
    ]);
  });
});

describe('GET /api/product/{id}/', () => {
  it('answers the product, its options per attribute and related products', async () => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/product/${ids.runner}/` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.product).toMatchObject({ id: ids.runner, name: 'Kingston Runner', stock: 6 });
    expect(body.available_variants.Size).toEqual([
      { id: expect.any(Number), value: '9', name: '9', stock: 2 },
      { id: expect.any(Number), value: '10', name: '10', stock: 4 },
    ]);
    expect(body.available_variants.Color.map((option: { value: string; stock: number }) => [option.value, option.stock])).toEqual([
      ['Black', 6],
      ['White', 0],
    ]);
    expect(body.variants).toHaveLength(3);
    // The page shows a colour's first picture when the shopper chooses that colour.
    expect(body.product.images.map((image: { color: string | null }) => image.color)).toEqual(['Black', 'White', null]);
    expect(body.product).toMatchObject({ stock_quantity: 6, features: ['Soft cotton'], specifications: { Material: 'Cotton' } });
    expect(body.product.images).toHaveLength(3);
    expect(body.related_products.map((product: ListedProduct) => product.name)).toEqual(['Blue Mountain Trail Sneaker', 'Sold Out Slide']);
    // Related products are cards too.
    expect(body.related_products[0]).not.toHaveProperty('description');
  });

  it('has no options for a product without variants', async () => {
    const body = (await shop.app.inject({ method: 'GET', url: `/api/product/${ids.cap}/` })).json();
    expect(body.available_variants).toEqual({});
    expect(body.product.stock).toBe(10);
  });

  it('answers 404 with the spec message for a missing, hidden or malformed id', async () => {
    for (const id of ['999999', String(ids.hidden), 'abc', '1e3']) {
      const response = await shop.app.inject({ method: 'GET', url: `/api/product/${id}/` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: serverMessages.productNotFound, request_id: expect.any(String) });
    }
  });
});

describe('GET /api/home/ and /api/shop/categories/', () => {
  it('answers featured products and top-level categories', async () => {
    const body = (await shop.app.inject({ method: 'GET', url: '/api/home/' })).json();
    expect(body.featured_products.map((product: ListedProduct) => product.name)).toEqual(['Café Cap']);
    expect(body.featured_products[0]).not.toHaveProperty('description');
    expect(body.categories.map((category: { slug: string; children: unknown[] }) => [category.slug, category.children])).toEqual([
      ['footwear', [{ name: 'Runners', slug: 'runners' }]],
      ['tops', [{ name: 'Tees', slug: 'tees' }]],
    ]);
  });

  it('answers flat and hierarchical categories', async () => {
    const body = (await shop.app.inject({ method: 'GET', url: '/api/shop/categories/' })).json();
    expect(body.categories).toHaveLength(4);
    expect(body.hierarchical_categories.map((category: { slug: string }) => category.slug)).toEqual(['footwear', 'tops']);
  });
});

describe('HTTP caching of the catalogue', () => {
  it('sends every catalogue answer with a validator and public cache headers, and 304 to a cache that holds it', async () => {
    for (const url of [
      '/api/home/',
      '/api/shop/',
      '/api/shop/?category=runners&sort=price_low',
      '/api/shop/categories/',
      `/api/product/${ids.runner}/`,
    ]) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(publicCacheControl);
      const etag = String(response.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      for (const held of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
        const again = await shop.app.inject({ method: 'GET', url, headers: { 'if-none-match': held } });
        expect(again.statusCode, `${url} ${held}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      expect((await shop.app.inject({ method: 'GET', url, headers: { 'if-none-match': 'W/"older"' } })).statusCode, url).toBe(200);
    }
  });

  it('compresses a kept answer as the asker accepts, brotli first', async () => {
    const plain = await shop.app.inject({ method: 'GET', url: '/api/shop/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const [accepted, compression] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['gzip;q=0', undefined],
    ] as const) {
      const response = await shop.app.inject({ method: 'GET', url: '/api/shop/', headers: { 'accept-encoding': accepted } });
      expect(response.headers['content-encoding'], accepted).toBe(compression);
      const body =
        compression === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : compression === 'gzip'
            ? gunzipSync(response.rawPayload)
            : response.rawPayload;
      expect(body.toString('utf8'), accepted).toBe(plain.body);
      expect(response.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('keeps errors and what depends on the shopper out of every cache', async () => {
    for (const url of ['/api/product/999999/', '/api/shop/?page=99', '/api/orders/cart/']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe(privateCacheControl);
      expect(response.headers.etag, url).toBeUndefined();
    }
  });

  it('serves a stock change of a listed product at once once it is told, and keeps other answers', async () => {
    const db = shop.database.handle.db;
    const runner = ids.runner ?? 0;
    const stockIn = async (url: string) => {
      const answer = (await shop.app.inject({ method: 'GET', url })).json<ShopResponse>();
      return answer.results.products.find((product) => product.id === runner)?.stock;
    };
    const listing = '/api/shop/?category=runners';
    const before = await stockIn(listing);
    const categoriesTag = (await shop.app.inject({ method: 'GET', url: '/api/shop/categories/' })).headers.etag;
    await db
      .updateTable('product_variants')
      .set((eb) => ({ stock: eb('stock', '+', 3) }))
      .where('product_id', '=', runner)
      .where('size', '=', '10')
      .execute();
    // Nobody said so: the kept answer stands (for up to its lifetime).
    expect(await stockIn(listing)).toBe(before);
    await shop.app.changes.publish('catalog', [runner]);
    expect(await stockIn(listing)).toBe((before ?? 0) + 3);
    expect((await shop.app.inject({ method: 'GET', url: '/api/shop/categories/' })).headers.etag).toBe(categoriesTag);
  });
});
