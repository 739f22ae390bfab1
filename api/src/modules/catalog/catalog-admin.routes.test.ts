import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, catalogAdminMessages, serverMessages, type AdminProduct, type AdminProductCreate } from '@threadline/contracts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct as insertProduct } from '../../../test/factories.ts';
import { createTestShop, signInStaff, signUp, startSession, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
let staff: SignedInShopper;
let tops: number;
let tees: number;
let caps: number;
let sequence = 0;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
  staff = await signInStaff(shop, 'staff');
  tops = await createCategory(shop.database.handle.db, { name: 'Tops', slug: 'tops' });
  tees = await createCategory(shop.database.handle.db, { name: 'Tees', slug: 'tees', parentId: tops });
  caps = await createCategory(shop.database.handle.db, { name: 'Caps', slug: 'caps' });
});
afterAll(() => shop.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = staff.headers) =>
  shop.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const productBody = (overrides: Partial<AdminProductCreate> = {}): AdminProductCreate => {
  sequence += 1;
  return {
    name: `Irie Tee ${sequence}`,
    description: 'Heavy cotton, cut in Kingston.',
    category: tees,
    price: 2500,
    variants: [
      { size: 'S', color: 'Black', sku: `IRIE-${sequence}-S`, stock: 4 },
      { size: 'M', color: 'Black', sku: `IRIE-${sequence}-M`, stock: 0 },
    ],
    ...overrides,
  };
};

async function createProduct(overrides: Partial<AdminProductCreate> = {}): Promise<AdminProduct> {
  const response = await call('POST', '/api/admin/products/', productBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const auditOf = async (entity: string, id: number) =>
  (await call('GET', `/api/admin/audit/?entity=${entity}&entity_id=${id}`)).json().results as {
    action: string;
    before: unknown;
    after: unknown;
  }[];

/** Orders one unit of a variant through the storefront (guest, cash on delivery). */
async function orderOne(productId: number, size: string) {
  const shopper = await startSession(shop.app);
  const added = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/cart/',
    headers: shopper.headers,
    payload: { product_id: productId, quantity: 1, variant_size: size, variant_color: 'Black' },
  });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/checkout/',
    headers: shopper.headers,
    payload: pickupCheckoutForm('cash_on_delivery'),
  });
  expect(placed.statusCode, placed.body).toBe(200);
}

describe('the door of the catalogue calls', () => {
  it.each([
    ['GET', '/api/admin/products/'],
    ['POST', '/api/admin/products/'],
    ['GET', '/api/admin/products/1/'],
    ['PATCH', '/api/admin/products/1/'],
    ['DELETE', '/api/admin/products/1/'],
    ['POST', '/api/admin/products/1/variants/'],
    ['PATCH', '/api/admin/variants/1/'],
    ['DELETE', '/api/admin/variants/1/'],
    ['GET', '/api/admin/categories/'],
    ['POST', '/api/admin/categories/'],
    ['PATCH', '/api/admin/categories/1/'],
    ['DELETE', '/api/admin/categories/1/'],
  ] as const)('%s %s: 401 for a guest, 403 for a customer', async (method, url) => {
    const guest = await startSession(shop.app);
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await call(method, url, payload, guest.headers)).statusCode).toBe(401);
    const customer = await signUp(shop.app, { email: `shopper-${Math.random()}@threadline.test` });
    const refused = await call(method, url, payload, customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: adminMessages.staffOnly, request_id: expect.any(String) });
  });
});

describe('creating and editing products', () => {
  it('creates a draft with its variants, first stock as movements, a slug from the name, and an audit entry; the shop does not show it', async () => {
    const product = await createProduct({
      name: 'Négril Sunset Tee',
      features: ['Heavy cotton'],
      specifications: { Material: 'Cotton' },
      wholesale_price: 1800,
    });
    expect(product).toMatchObject({
      name: 'Négril Sunset Tee',
      slug: 'negril-sunset-tee',
      status: 'draft',
      price: 2500,
      sale_price: null,
      wholesale_price: 1800,
      category: { id: tees, name: 'Tees' },
      features: ['Heavy cotton'],
      specifications: { Material: 'Cotton' },
      images: [],
      ordered: false,
    });
    expect(product.variants.map(({ size, stock }) => [size, stock])).toEqual([
      ['S', 4],
      ['M', 0],
    ]);
    const movements = await shop.database.handle.db
      .selectFrom('stock_movements')
      .select(['variant_id', 'delta', 'reason'])
      .where(
        'variant_id',
        'in',
        product.variants.map((variant) => variant.id),
      )
      .execute();
    expect(movements).toEqual([{ variant_id: product.variants[0]?.id, delta: 4, reason: 'initial' }]);
    const row = await shop.database.handle.db
      .selectFrom('products')
      .select(['status', 'is_active'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'draft', is_active: 0 });
    expect((await shop.app.inject({ method: 'GET', url: `/api/product/${product.id}/` })).statusCode).toBe(404);

    const [entry] = await auditOf('product', product.id);
    expect(entry).toMatchObject({ action: 'create', before: null, after: { name: 'Négril Sunset Tee', status: 'draft' } });

    const again = await createProduct({ name: 'Négril Sunset Tee' });
    expect(again.slug).toBe('negril-sunset-tee-2');
  });

  it('puts an activated product on the storefront, keeps is_active with the status, and audits before and after', async () => {
    const product = await createProduct();
    const activated = await call('PATCH', `/api/admin/products/${product.id}/`, {
      status: 'active',
      sale_price: 1999.5,
      is_featured: true,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', sale_price: 1999.5, is_on_sale: true, is_featured: true, price: 2500 });
    const page = await shop.app.inject({ method: 'GET', url: `/api/product/${product.id}/` });
    expect(page.statusCode).toBe(200);
    expect(page.json().product).toMatchObject({ name: product.name, sale_price: 1999.5, stock: 4 });

    const archived = await call('PATCH', `/api/admin/products/${product.id}/`, { status: 'archived' });
    expect(archived.json().status).toBe('archived');
    const row = await shop.database.handle.db
      .selectFrom('products')
      .select(['is_active'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);

    const entries = await auditOf('product', product.id);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(entries[1]).toMatchObject({ before: { status: 'draft', sale_price: null }, after: { status: 'active', sale_price: 1999.5 } });
  });

  it.each([
    ['a negative price', { price: -1 }, 'price: Prices cannot be negative.'],
    ['a price with fractions of a cent', { price: 10.005 }, 'price: Prices have at most 2 decimals.'],
    ['no variant', { variants: [] }, 'variants: A product needs at least one variant.'],
    ['an empty name', { name: '  ' }, 'name: The name cannot be empty.'],
    ['a NUL in the description', { description: 'a\u0000b' }, `description: ${serverMessages.textHasNul}`],
    ['a name too long', { name: 'x'.repeat(201) }, expect.any(String)],
    ['an unknown status', { status: 'sold' }, expect.any(String)],
    ['a bad slug', { slug: 'Not A Slug' }, 'slug: A slug is lower-case letters and digits joined by hyphens.'],
    ['a sale price not below the price', { sale_price: 2500 }, `sale_price: ${catalogAdminMessages.salePriceNotBelowPrice}`],
    ['an unknown category', { category: 999_999 }, `category: ${catalogAdminMessages.unknownCategory(999_999)}`],
    ['stock below 0', { variants: [{ size: null, color: null, sku: 'NEG-1', stock: -1 }] }, 'variants.0.stock: Stock cannot be below 0.'],
    ['an id past the integer range', { category: 2 ** 31 }, expect.any(String)],
  ] as [string, object, unknown][])('refuses %s with 400 and a message naming the field', async (_case, overrides, error) => {
    const response = await call('POST', '/api/admin/products/', { ...productBody(), ...overrides });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error, request_id: expect.any(String) });
  });

  it('refuses a taken SKU or slug with 409 naming it, and changes nothing', async () => {
    const first = await createProduct({ slug: 'kingston-cap' });
    const sku = first.variants[0]?.sku ?? '';
    const body = productBody();
    const taken = await call('POST', '/api/admin/products/', {
      ...body,
      variants: [
        { size: 'L', color: null, sku: 'FRESH-1', stock: 1 },
        { size: 'S', color: null, sku, stock: 1 },
      ],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: `variants.1.sku: ${catalogAdminMessages.skuTaken(sku)}`, request_id: expect.any(String) });
    const twice = await call('POST', '/api/admin/products/', {
      ...body,
      variants: [
        { size: 'L', color: null, sku: 'TWICE', stock: 1 },
        { size: 'S', color: null, sku: 'TWICE', stock: 1 },
      ],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toContain(catalogAdminMessages.skuTwice('TWICE'));
    const sameOptions = await call('POST', '/api/admin/products/', {
      ...body,
      variants: [
        { size: 'L', color: null, sku: 'L-1', stock: 1 },
        { size: 'L', color: null, sku: 'L-2', stock: 1 },
      ],
    });
    expect(sameOptions.statusCode).toBe(409);
    expect(sameOptions.json().error).toBe(catalogAdminMessages.optionsTaken('in size L'));
    const slug = await call('POST', '/api/admin/products/', { ...body, slug: 'kingston-cap' });
    expect(slug.statusCode).toBe(409);
    expect(slug.json()).toEqual({
      error: `slug: ${catalogAdminMessages.productSlugTaken('kingston-cap')}`,
      request_id: expect.any(String),
    });
    const fresh = await shop.database.handle.db.selectFrom('product_variants').select('id').where('sku', '=', 'FRESH-1').execute();
    expect(fresh).toEqual([]);
    const patched = await call('PATCH', `/api/admin/products/${first.id}/`, { price: 10, sale_price: 20 });
    expect(patched.statusCode).toBe(400);
  });

  it('names every field that is wrong in one answer, so the form shows them all at once', async () => {
    const body = productBody();
    const refused = await call('POST', '/api/admin/products/', {
      ...body,
      name: '',
      price: -5,
      variants: [{ ...body.variants?.[0], sku: '' }],
    });
    expect(refused.statusCode).toBe(400);
    const answer = refused.json();
    expect(Object.keys(answer.fields).sort()).toEqual(['name', 'price', 'variants.0.sku']);
    expect(answer.error).toBe(`name: ${answer.fields.name}`);
    // One wrong field answers as before.
    expect(Object.keys((await call('POST', '/api/admin/products/', { ...body, name: '' })).json())).toEqual(['error', 'request_id']);
  });

  it('answers 404 for a product that does not exist and 400 for a bad id', async () => {
    expect((await call('GET', '/api/admin/products/999999/')).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/products/999999/', { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/products/abc/')).statusCode).toBe(400);
  });
});

describe('removing products', () => {
  it('deletes a product never ordered, and archives one that was, keeping it readable', async () => {
    const unsold = await createProduct();
    const deleted = await call('DELETE', `/api/admin/products/${unsold.id}/`);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect((await call('GET', `/api/admin/products/${unsold.id}/`)).statusCode).toBe(404);
    expect((await auditOf('product', unsold.id))[0]).toMatchObject({ action: 'delete', after: null, before: { name: unsold.name } });

    const sold = await createProduct({ status: 'active' });
    await orderOne(sold.id, 'S');
    const archived = await call('DELETE', `/api/admin/products/${sold.id}/`);
    expect(archived.json()).toEqual({ outcome: 'archived' });
    const detail = (await call('GET', `/api/admin/products/${sold.id}/`)).json();
    expect(detail).toMatchObject({ status: 'archived', ordered: true });
    expect((await shop.app.inject({ method: 'GET', url: `/api/product/${sold.id}/` })).statusCode).toBe(404);
    expect((await auditOf('product', sold.id))[0]).toMatchObject({
      action: 'archive',
      before: { status: 'active' },
      after: { status: 'archived' },
    });
  });
});

describe('variants', () => {
  it('adds, changes and deletes a variant, each audited; a taken SKU or duplicate options is 409', async () => {
    const product = await createProduct();
    const added = await call('POST', `/api/admin/products/${product.id}/variants/`, {
      size: 'L',
      color: 'Black',
      sku: `ADD-${product.id}`,
      stock: 7,
    });
    expect(added.statusCode, added.body).toBe(201);
    const variant = added.json();
    expect(variant).toMatchObject({ size: 'L', color: 'Black', stock: 7, ordered: false });
    expect((await call('GET', `/api/admin/products/${product.id}/`)).json().variants.map((entry: { size: string }) => entry.size)).toEqual([
      'S',
      'M',
      'L',
    ]);

    const taken = await call('POST', `/api/admin/products/${product.id}/variants/`, {
      size: 'XL',
      color: null,
      sku: product.variants[0]?.sku,
      stock: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(catalogAdminMessages.skuTaken(product.variants[0]?.sku ?? ''));
    const twin = await call('PATCH', `/api/admin/variants/${variant.id}/`, { size: 'S' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toBe(catalogAdminMessages.optionsTaken('in size S, colour Black'));

    const changed = await call('PATCH', `/api/admin/variants/${variant.id}/`, { size: 'XL', color: '', sku: `ADD-${product.id}-XL` });
    expect(changed.json()).toMatchObject({ size: 'XL', color: null, sku: `ADD-${product.id}-XL`, stock: 7 });
    expect((await call('PATCH', `/api/admin/variants/${variant.id}/`, { stock: 3 })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/variants/${variant.id}/`, {})).json().stock).toBe(7);
    expect((await call('PATCH', `/api/admin/variants/${variant.id}/`, { sku: '' })).statusCode).toBe(400);

    expect((await call('DELETE', `/api/admin/variants/${variant.id}/`)).json()).toEqual({ deleted: true });
    expect((await call('DELETE', `/api/admin/variants/${variant.id}/`)).statusCode).toBe(404);
    expect((await auditOf('variant', variant.id)).map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(
      (await call('POST', '/api/admin/products/999999/variants/', { size: null, color: null, sku: 'NOWHERE', stock: 1 })).statusCode,
    ).toBe(404);
  });

  it('retires an ordered variant instead of deleting it (409): no longer sold or shown, its stock off sale as a movement', async () => {
    const product = await createProduct({ status: 'active' });
    const [small, medium] = product.variants;
    await orderOne(product.id, 'S');
    const refused = await call('DELETE', `/api/admin/variants/${small?.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: catalogAdminMessages.variantOrdered(small?.sku ?? ''), request_id: expect.any(String) });

    const detail = (await call('GET', `/api/admin/products/${product.id}/`)).json();
    expect(detail.variants.map((variant: { id: number }) => variant.id)).toEqual([medium?.id]);
    const page = (await shop.app.inject({ method: 'GET', url: `/api/product/${product.id}/` })).json();
    expect(page.variants.map((variant: { id: number }) => variant.id)).toEqual([medium?.id]);
    const shopper = await startSession(shop.app);
    const add = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: shopper.headers,
      payload: { product_id: product.id, quantity: 1, variant_size: 'S', variant_color: 'Black' },
    });
    expect(add.statusCode).toBe(400);
    const movements = await shop.database.handle.db
      .selectFrom('stock_movements')
      .select(['delta', 'reason'])
      .where('variant_id', '=', small?.id ?? 0)
      .orderBy('id')
      .execute();
    expect(movements).toEqual([
      { delta: 4, reason: 'initial' },
      { delta: -1, reason: 'order' },
      { delta: -3, reason: 'retired' },
    ]);
    expect((await auditOf('variant', small?.id ?? 0))[0]).toMatchObject({ action: 'retire', after: { stock: 0, retired: true } });

    const last = await call('DELETE', `/api/admin/variants/${medium?.id}/`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: catalogAdminMessages.lastVariant, request_id: expect.any(String) });
  });

  it('keeps a product with one variant when two of its last two are deleted at once', async () => {
    const product = await createProduct();
    const results = await Promise.all(product.variants.map((variant) => call('DELETE', `/api/admin/variants/${variant.id}/`)));
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    expect((await call('GET', `/api/admin/products/${product.id}/`)).json().variants).toHaveLength(1);
  });

  it('gives a SKU to one of two products created at once with it', async () => {
    const sku = `RACE-${Date.now()}`;
    const results = await Promise.all(
      [1, 2].map(() => call('POST', '/api/admin/products/', { ...productBody(), variants: [{ size: null, color: null, sku, stock: 1 }] })),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((result) => result.statusCode === 409)?.json().error).toContain(catalogAdminMessages.skuTaken(sku));
  });
});

describe('the product list', () => {
  it('filters by search (words or a SKU), category with its children, status and stock, sorts and pages on the server', async () => {
    const marker = `zebrawood${Date.now()}`;
    const low = await createProduct({ name: `${marker} Low Tee`, status: 'active', price: 100 });
    const out = await createProduct({
      name: `${marker} Out Cap`,
      category: caps,
      price: 300,
      variants: [{ size: null, color: null, sku: `${marker}-OUT`, stock: 0 }],
    });
    const plenty = await createProduct({
      name: `${marker} Plenty Tee`,
      status: 'archived',
      price: 200,
      variants: [{ size: 'S', color: null, sku: `${marker}-P`, stock: 50 }],
    });
    const list = async (query: string) => {
      const response = await call('GET', `/api/admin/products/?search=${marker}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        count: number;
        next: string | null;
        results: { id: number; stock: number; low_variants: number; out_variants: number; status: string }[];
      };
    };
    const ids = async (query: string) => (await list(query)).results.map((item) => item.id);

    expect(await ids('')).toEqual([plenty.id, out.id, low.id]);
    expect(await ids('sort=oldest')).toEqual([low.id, out.id, plenty.id]);
    expect(await ids('sort=price_high')).toEqual([out.id, plenty.id, low.id]);
    expect(await ids('sort=name')).toEqual([low.id, out.id, plenty.id]);
    expect(await ids(`category=${tops}`)).toEqual([plenty.id, low.id]);
    expect(await ids(`category=${caps}`)).toEqual([out.id]);
    expect(await ids('status=archived')).toEqual([plenty.id]);
    expect(await ids('stock=low')).toEqual([low.id]);
    expect(await ids('stock=out')).toEqual([out.id, low.id]);
    const first = await list('page_size=2');
    expect(first.count).toBe(3);
    expect(first.next).toBe(`/api/admin/products/?page_size=2&search=${marker}&sort=newest&page=2`);
    expect((await list('page_size=2&page=2')).results.map((item) => item.id)).toEqual([low.id]);
    expect((await list('')).results.find((item) => item.id === low.id)).toMatchObject({
      stock: 4,
      low_variants: 1,
      out_variants: 1,
      status: 'active',
    });

    const bySku = (await call('GET', `/api/admin/products/?search=${encodeURIComponent(`${marker}-P`)}`)).json();
    expect(bySku.results.map((item: { id: number }) => item.id)).toEqual([plenty.id]);
    for (const bad of ['page_size=101', 'status=sold', 'stock=some', 'sort=random', 'category=0', `search=${'x'.repeat(201)}`]) {
      expect((await call('GET', `/api/admin/products/?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  // 520 products written one after another, in order: about 10 s on PostgreSQL, more on a busy machine.
  it('lists, filters and counts past 500 matches the same, where SQLite walks the listing index instead of reading the matches by id', {
    timeout: 120_000,
  }, async () => {
    const marker = `teakwood${Date.now()}`;
    // Oldest first; every product has a low variant, and every other one a sold-out one too.
    const oldest: number[] = [];
    for (let index = 0; index < 520; index += 1) {
      const { id } = await insertProduct(shop.database.handle.db, {
        name: `${marker} Walk ${String(index).padStart(3, '0')}`,
        categoryId: tees,
        price: 100_000 + index,
        variants: [
          { size: 'S', stock: 3 },
          { size: 'M', stock: index % 2 === 0 ? 20 : 0 },
        ],
      });
      oldest.push(id);
    }
    const newest = [...oldest].reverse();
    const list = async (query: string) => {
      const response = await call('GET', `/api/admin/products/?search=${marker}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        count: number;
        count_capped: boolean;
        next: string | null;
        results: { id: number; stock: number; low_variants: number; out_variants: number }[];
      };
    };
    const ids = async (query: string) => (await list(query)).results.map((item) => item.id);

    const third = await list('page_size=100&page=3');
    expect(third).toMatchObject({ count: 520, count_capped: false });
    expect(third.results.map((item) => item.id)).toEqual(newest.slice(200, 300));
    expect(third.results.find((item) => item.id === oldest[300])).toMatchObject({ stock: 23, low_variants: 1, out_variants: 0 });
    expect(third.results.find((item) => item.id === oldest[299])).toMatchObject({ stock: 3, low_variants: 1, out_variants: 1 });
    expect(await ids('stock=low&page_size=100&page=2')).toEqual(newest.slice(100, 200));
    expect(await ids(`category=${tops}&stock=low&sort=oldest&page_size=50&page=2`)).toEqual(oldest.slice(50, 100));
    expect(await ids('sort=price_high&page_size=10')).toEqual(newest.slice(0, 10));
    const last = await list('sort=name&page_size=10&page=52');
    expect(last.results.map((item) => item.id)).toEqual(oldest.slice(510));
    expect(last.next).toBeNull();
    const soldOut = await list('stock=out&page_size=100');
    expect(soldOut.count).toBe(260);
    expect(soldOut.results.map((item) => item.id)).toEqual(newest.filter((_id, index) => index % 2 === 0).slice(0, 100));
  });
});

describe('categories', () => {
  it('lists parents each followed by their children, with the products filed under each', async () => {
    const body = (await call('GET', '/api/admin/categories/')).json();
    const names = body.results.map((category: { name: string }) => category.name);
    expect(names.indexOf('Tees')).toBe(names.indexOf('Tops') + 1);
    expect(body.results.find((category: { id: number }) => category.id === tees)).toMatchObject({ parent: tops, slug: 'tees' });
  });

  it('creates, renames and deletes a category, each audited; refuses cycles, a third level, a taken slug, and deleting one with products', async () => {
    const created = await call('POST', '/api/admin/categories/', { name: 'Bucket Hats', parent: caps });
    expect(created.statusCode, created.body).toBe(201);
    const bucket = created.json();
    expect(bucket).toMatchObject({ name: 'Bucket Hats', slug: 'bucket-hats', parent: caps, product_count: 0 });

    expect((await call('POST', '/api/admin/categories/', { name: 'Deep', parent: bucket.id })).json()).toEqual({
      error: `parent: ${catalogAdminMessages.categoryTooDeep}`,
      request_id: expect.any(String),
    });
    expect((await call('PATCH', `/api/admin/categories/${caps}/`, { parent: caps })).json()).toEqual({
      error: `parent: ${catalogAdminMessages.categoryOwnParent}`,
      request_id: expect.any(String),
    });
    expect((await call('PATCH', `/api/admin/categories/${caps}/`, { parent: tops })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/categories/${tops}/`, { parent: bucket.id })).statusCode).toBe(409);
    const slugTaken = await call('POST', '/api/admin/categories/', { name: 'Other', slug: 'caps' });
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json()).toEqual({ error: `slug: ${catalogAdminMessages.categorySlugTaken('caps')}`, request_id: expect.any(String) });
    expect((await call('POST', '/api/admin/categories/', { name: 'Bad', parent: 999_999 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/categories/', { name: '' })).statusCode).toBe(400);

    const renamed = await call('PATCH', `/api/admin/categories/${bucket.id}/`, { name: 'Bucket hats', slug: 'bucket', parent: null });
    expect(renamed.json()).toMatchObject({ name: 'Bucket hats', slug: 'bucket', parent: null });

    await createProduct({ category: bucket.id });
    const refused = await call('DELETE', `/api/admin/categories/${bucket.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: catalogAdminMessages.categoryHasProducts('Bucket hats', 1), request_id: expect.any(String) });
    expect((await call('DELETE', `/api/admin/categories/${tops}/`)).statusCode).toBe(409);

    const empty = (await call('POST', '/api/admin/categories/', { name: 'Empty shelf' })).json();
    expect((await call('DELETE', `/api/admin/categories/${empty.id}/`)).json()).toEqual({ deleted: true });
    expect((await call('DELETE', `/api/admin/categories/${empty.id}/`)).statusCode).toBe(404);
    expect((await auditOf('category', bucket.id)).map((entry) => entry.action)).toEqual(['update', 'create']);
    expect((await auditOf('category', empty.id)).map((entry) => entry.action)).toEqual(['delete', 'create']);
  });

  it('never deletes a category a product is being filed under at the same moment', async () => {
    const shelf = (await call('POST', '/api/admin/categories/', { name: `Race shelf ${Date.now()}` })).json();
    const [created, deleted] = await Promise.all([
      call('POST', '/api/admin/products/', productBody({ category: shelf.id })),
      call('DELETE', `/api/admin/categories/${shelf.id}/`),
    ]);
    const category = await shop.database.handle.db.selectFrom('categories').select('id').where('id', '=', shelf.id).executeTakeFirst();
    const products = await shop.database.handle.db.selectFrom('products').select('id').where('category_id', '=', shelf.id).execute();
    const outcome = {
      created: created.statusCode === 201 ? 'created' : created.statusCode < 500 ? 'refused' : 'failed',
      deleted: deleted.statusCode,
      categoryKept: category !== undefined,
      products: products.length,
    };
    // Either the product was filed first and the delete refused, or the category went first and the create was refused.
    expect([
      { created: 'created', deleted: 409, categoryKept: true, products: 1 },
      { created: 'refused', deleted: 200, categoryKept: false, products: 0 },
    ]).toContainEqual(outcome);
  });
});
