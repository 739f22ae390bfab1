import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCsvColumns, type CatalogImportReport, type CatalogImportRun } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createTestShop, signInStaff, signUp, startSession, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
let staff: SignedInShopper;
let customer: SignedInShopper;
let existing: { id: number; slug: string; skus: string[] };

const header = catalogCsvColumns.join(',');
const defaults: Record<string, string> = {
  name: 'Island Tee',
  description: 'Soft cotton',
  category: 'tees',
  price: '2500',
  sale_price: '',
  wholesale_price: '',
  status: 'active',
  is_new_arrival: 'no',
  is_featured: 'no',
  features: 'Cotton',
  specifications: 'Material: Cotton',
  size: '',
  color: '',
  stock: '5',
};
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/** A CSV row in the catalogue's columns: the defaults with the given cells over them. */
const line = (cells: Record<string, string>) => catalogCsvColumns.map((column) => quote({ ...defaults, ...cells }[column] ?? '')).join(',');
const csv = (...rows: Record<string, string>[]) => [header, ...rows.map(line)].join('\n') + '\n';

function form(text: string | Buffer, filename = 'catalogue.csv', type = 'text/csv') {
  const boundary = `threadline-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  text: string | Buffer,
  options: { dryRun?: boolean; as?: SignedInShopper | null; filename?: string; type?: string; cutOff?: boolean } = {},
) {
  const { payload: whole, contentType } = form(text, options.filename, options.type);
  // A form cut off before its closing boundary, as a client that stopped sending leaves it.
  const payload = options.cutOff ? whole.subarray(0, whole.lastIndexOf('\r\n--')) : whole;
  const who = options.as === undefined ? staff : options.as;
  return shop.app.inject({
    method: 'POST',
    url: `/api/admin/products/import/${options.dryRun ? '?dry_run=true' : ''}`,
    headers: { ...(who ? who.headers : {}), 'content-type': contentType },
    payload,
  });
}

const db = () => shop.database.handle.db;
const productBySlug = (slug: string) => db().selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst();
const variantsOf = (productId: number) =>
  db().selectFrom('product_variants').selectAll().where('product_id', '=', productId).orderBy('position').execute();
const movementsOf = (variantId: number) =>
  db().selectFrom('stock_movements').select(['delta', 'reason']).where('variant_id', '=', variantId).orderBy('id').execute();
const importAudits = () => db().selectFrom('audit_entries').selectAll().where('action', '=', 'import').orderBy('id').execute();

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await createCategory(db(), { name: 'Tees', slug: 'tees' });
  const hats = await createCategory(db(), { name: 'Hats', slug: 'hats' });
  const made = await createProduct(db(), {
    name: 'Kingston Cap',
    categoryId: hats,
    price: 150_000,
    variants: [
      { size: 'S', stock: 4 },
      { size: 'L', stock: 2 },
    ],
  });
  const product = await db().selectFrom('products').select('slug').where('id', '=', made.id).executeTakeFirstOrThrow();
  existing = { id: made.id, slug: product.slug, skus: (await variantsOf(made.id)).map((variant) => variant.sku) };
  staff = await signInStaff(shop, 'staff');
  customer = await signUp(shop.app, { email: 'shopper@threadline.test' });
});

afterAll(async () => {
  await shop.close();
});

describe('who may import and export', () => {
  it('refuses guests (401) and customers (403)', async () => {
    expect(
      (
        await upload(csv({ slug: 'guest-tee', sku: 'G-1' }), {
          as: { ...(await startSession(shop.app)), token: '', refresh: '', userId: 0 },
        })
      ).statusCode,
    ).toBe(401);
    expect((await upload(csv({ slug: 'guest-tee', sku: 'G-1' }), { as: customer })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/products/export/' })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/products/export/', headers: customer.headers })).statusCode).toBe(403);
    expect(await productBySlug('guest-tee')).toBeUndefined();
  });
});

describe('files that are not a catalogue', () => {
  it.each([
    {
      name: 'a workbook by its name',
      text: 'PK\u0003\u0004 zip',
      filename: 'catalogue.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      status: 415,
      message: 'Only CSV files',
    },
    {
      name: 'a workbook named .csv',
      text: 'PK\u0003\u0004\u0000\u0000 zip',
      filename: 'catalogue.csv',
      type: 'text/csv',
      status: 400,
      message: 'not a CSV file',
    },
    { name: 'a picture', text: 'GIF89a', filename: 'photo.gif', type: 'image/gif', status: 415, message: 'Only CSV files' },
    { name: 'an empty file', text: '', filename: 'catalogue.csv', type: 'text/csv', status: 400, message: 'The file is empty' },
    {
      name: 'unknown and missing columns',
      text: 'slug,name,colour\nx,y,z\n',
      filename: 'catalogue.csv',
      type: 'text/csv',
      status: 400,
      message: 'unknown column colour; missing columns description, category',
    },
    {
      name: 'an unclosed quote',
      text: `${header}\n"island-tee,Island\n`,
      filename: 'catalogue.csv',
      type: 'text/csv',
      status: 400,
      message: 'not valid CSV',
    },
  ])('refuses $name with $status', async ({ text, filename, type, status, message }) => {
    const response = await upload(text, { filename, type });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toContain(message);
  });

  it('refuses a body that is not a multipart form', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/products/import/',
      headers: staff.headers,
      payload: { file: header },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('multipart');
  });

  it('refuses a file over 20 MB with 413, and imports nothing', async () => {
    const row = `${line({ slug: 'huge-tee', sku: 'H-1', description: 'x'.repeat(9000) })}\n`;
    const big = Buffer.from(header + '\n' + row.repeat(Math.ceil((21 * 1024 * 1024) / row.length)));
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toContain('20 MB');
    expect(await productBySlug('huge-tee')).toBeUndefined();
  });

  it('answers an upload cut off before its closing boundary with 400 at once, and imports nothing', async () => {
    const started = performance.now();
    const response = await upload(csv({ slug: 'cut-tee', sku: 'CUT-1' }), { cutOff: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The upload was cut off before the end of the file; send the file again.');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await productBySlug('cut-tee')).toBeUndefined();
  });

  it('stops reading at a row longer than 64 KB: a 21 MB file of one line is refused with 413 at once', async () => {
    const oneLine = Buffer.from(`${header}\n${'x'.repeat(21 * 1024 * 1024)}`);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const response = await upload(oneLine);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(
      'Row 2 is longer than 64 KB, more than any catalogue row; check it for a quote that is never closed.',
    );
    // Generous bounds on a shared machine; reading the line to its end took 22 s of CPU.
    const { user, system } = process.cpuUsage(cpu);
    expect((user + system) / 1000).toBeLessThan(5_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reads a row at every column's limit, well under the bound", async () => {
    const longest = line({
      slug: 'long-tee',
      sku: 'LONG-1',
      name: 'n'.repeat(200),
      description: 'd'.repeat(10_000),
      features: Array.from({ length: 30 }, () => 'f'.repeat(200)).join('|'),
      specifications: Array.from({ length: 30 }, (_, n) => `${String(n).padStart(100, 'k')}: ${'v'.repeat(500)}`).join('|'),
    });
    expect(longest.length).toBeGreaterThan(30_000);
    const response = await upload(`${header}\n${longest}\n`, { dryRun: true });
    expect(response.json()).toMatchObject({ created: 1, errors: [] });
  });

  it('refuses a bad dry_run value', async () => {
    const { payload, contentType } = form(csv({ slug: 'x', sku: 'X' }));
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/products/import/?dry_run=maybe',
      headers: { ...staff.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a good file', () => {
  const file = csv(
    {
      slug: 'island-tee',
      name: 'Island Tee',
      size: 'M',
      color: 'Black',
      sku: 'IT-M-BLK',
      stock: '10',
      price: '2,500.50',
      is_new_arrival: 'yes',
      features: 'Cotton|Breathable',
      specifications: 'Material: Cotton|Fit: Regular',
    },
    {
      slug: 'island-tee',
      name: 'Island Tee',
      size: 'L',
      color: 'Black',
      sku: 'IT-L-BLK',
      stock: '',
      price: '2,500.50',
      is_new_arrival: 'yes',
      features: 'Cotton|Breathable',
      specifications: 'Material: Cotton|Fit: Regular',
    },
    { slug: 'draft-tee', name: 'Draft Tee', status: 'draft', sku: 'DT-1', stock: '0' },
  );

  it('is only checked by a dry run', async () => {
    const response = await upload(file, { dryRun: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ dry_run: true, rows: 3, created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(await productBySlug('island-tee')).toBeUndefined();
    expect(await importAudits()).toHaveLength(0);
    expect((await shop.app.inject({ method: 'GET', url: '/api/shop/?search=cotton' })).json().count).toBe(0);
  });

  it('creates its products and variants, with stock as movements and one audit entry', async () => {
    const response = await upload(file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ dry_run: false, rows: 3, created: 2, updated: 0, unchanged: 0, errors: [] });

    const tee = await productBySlug('island-tee');
    expect(tee).toMatchObject({
      name: 'Island Tee',
      price: 250_050,
      status: 'active',
      is_active: 1,
      is_new_arrival: 1,
      features: '["Cotton","Breathable"]',
      specifications: '{"Material":"Cotton","Fit":"Regular"}',
    });
    expect(await productBySlug('draft-tee')).toMatchObject({ status: 'draft', is_active: 0 });
    const variants = await variantsOf(tee?.id ?? 0);
    expect(variants.map(({ sku, size, color, stock, position }) => ({ sku, size, color, stock, position }))).toEqual([
      { sku: 'IT-M-BLK', size: 'M', color: 'Black', stock: 10, position: 0 },
      { sku: 'IT-L-BLK', size: 'L', color: 'Black', stock: 0, position: 1 },
    ]);
    expect(await movementsOf(variants[0]?.id ?? 0)).toEqual([{ delta: 10, reason: 'import' }]);
    expect(await movementsOf(variants[1]?.id ?? 0)).toEqual([]);

    const audits = await importAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staff_id: staff.userId, entity: 'product', before: null });
    expect(JSON.parse(audits[0]?.after ?? '{}')).toEqual({ file: 'catalogue.csv', rows: 3, created: 2, updated: 0, unchanged: 0 });

    // The storefront's cached count of this search (made by the dry run's test) is dropped at once.
    expect((await shop.app.inject({ method: 'GET', url: '/api/shop/?search=cotton' })).json().count).toBe(1);
    const page = await shop.app.inject({ method: 'GET', url: `/api/product/${tee?.id}/` });
    expect(page.statusCode).toBe(200);
    expect(page.json().product).toMatchObject({ name: 'Island Tee', price: 2500.5 });
  });

  it('changes nothing when imported again', async () => {
    const response = await upload(file);
    expect(response.json()).toEqual({ dry_run: false, rows: 3, created: 0, updated: 0, unchanged: 2, errors: [] });
  });
});

describe('a large file', () => {
  it('imports 9,000 products, more than one statement can name, each with its stock row', async () => {
    // A shop of its own: the other tests export and count this one's catalogue.
    const large = await createTestShop({ seed: false });
    try {
      await createCategory(large.database.handle.db, { name: 'Tees', slug: 'tees' });
      const owner = await signInStaff(large, 'staff');
      const count = 9_000;
      const rows = Array.from({ length: count }, (_, index) => ({
        slug: `bulk-tee-${index}`,
        name: `Bulk Tee ${index}`,
        sku: `BULK-${index}`,
        stock: String(index % 4),
      }));
      const { payload, contentType } = form(csv(...rows));
      const response = await large.app.inject({
        method: 'POST',
        url: '/api/admin/products/import/',
        headers: { ...owner.headers, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ rows: count, created: count, errors: [] });
      const stocked = await large.database.handle.db
        .selectFrom('product_stock')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('products'),
          eb.fn.sum<number | string>('stock').as('units'),
          eb.fn.sum<number | string>('out_variants').as('sold_out'),
        ])
        .executeTakeFirstOrThrow();
      expect({ products: Number(stocked.products), units: Number(stocked.units), soldOut: Number(stocked.sold_out) }).toEqual({
        products: count,
        units: (count / 4) * 6,
        soldOut: count / 4,
      });
      const soldOut = await large.app.inject({ method: 'GET', url: '/api/admin/products/?stock=out', headers: owner.headers });
      expect(soldOut.json().count).toBe(count / 4);
    } finally {
      await large.close();
    }
  }, 60_000);
});

describe('while a large file is imported', () => {
  it('the storefront answers every call within a fraction of a second', async () => {
    const large = await createTestShop({ seed: false });
    try {
      const tees = await createCategory(large.database.handle.db, { name: 'Tees', slug: 'tees' });
      const onSale = await createProduct(large.database.handle.db, { name: 'Kingston Cap', categoryId: tees, price: 150_000 });
      const owner = await signInStaff(large, 'staff');
      const count = 20_000;
      const rows = Array.from({ length: count }, (_, index) => ({
        slug: `busy-tee-${index >> 1}`,
        name: `Busy Tee ${index >> 1}`,
        size: index % 2 ? 'L' : 'M',
        sku: `BUSY-${index}`,
      }));
      const { payload, contentType } = form(csv(...rows));
      // Each call once before: a first call prepares its statements.
      for (const url of ['/api/health/', '/api/shop/?min_price=1', `/api/product/${onSale.id}/`])
        expect((await large.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const importing = { now: true };
      const importDone = large.app
        .inject({ method: 'POST', url: '/api/admin/products/import/', headers: { ...owner.headers, 'content-type': contentType }, payload })
        .finally(() => {
          importing.now = false;
        });
      const slowest = { health: 0, shop: 0, product: 0 };
      let answered = 0;
      for (let call = 0; importing.now; call += 1) {
        // Each page is a new one, so the answer comes from the database, not the cache.
        const urls = { health: '/api/health/', shop: `/api/shop/?min_price=${call + 1}`, product: `/api/product/${onSale.id}/` };
        for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
          const started = performance.now();
          const response = await large.app.inject({ method: 'GET', url });
          expect(response.statusCode).toBe(200);
          slowest[name] = Math.max(slowest[name], performance.now() - started);
          if (importing.now) answered += 1;
        }
      }
      const response = await importDone;
      // Past the wait (on a busy machine), the import goes on and its run is polled.
      let report = response.statusCode === 202 ? null : response.json();
      while (report === null) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        report = (
          await large.app.inject({ method: 'GET', url: `/api/admin/products/import/${response.json().id}/`, headers: owner.headers })
        ).json().report;
      }
      expect([200, 202]).toContain(response.statusCode);
      expect(report).toMatchObject({ rows: count, created: count / 2, errors: [] });
      // Before, the import held the one SQLite connection (and the event loop) for all of it: 23 s for 100,000 rows.
      expect(answered).toBeGreaterThan(20);
      expect(slowest.health).toBeLessThan(2_000);
      expect(slowest.shop).toBeLessThan(2_000);
      expect(slowest.product).toBeLessThan(2_000);
      const stocked = await large.database.handle.db
        .selectFrom('product_variants')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('sku', 'like', 'BUSY-%')
        .executeTakeFirstOrThrow();
      expect(Number(stocked.n)).toBe(count);
    } finally {
      await large.close();
    }
  }, 120_000);

  it('past the wait the upload answers 202 with the run, which the back office polls to its report', async () => {
    const patient = await createTestShop({ seed: false, environment: { CATALOG_IMPORT_WAIT_SECONDS: '0' } });
    try {
      await createCategory(patient.database.handle.db, { name: 'Tees', slug: 'tees' });
      const owner = await signInStaff(patient, 'staff');
      const shopper = await signUp(patient.app, { email: 'poller@threadline.test' });
      const rows = Array.from({ length: 1_500 }, (_, index) => ({ slug: `polled-tee-${index}`, sku: `POLL-${index}` }));
      const { payload, contentType } = form(csv(...rows));
      const response = await patient.app.inject({
        method: 'POST',
        url: '/api/admin/products/import/',
        headers: { ...owner.headers, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(202);
      const run: CatalogImportRun = response.json();
      expect(run).toMatchObject({
        status: 'writing',
        file_name: 'catalogue.csv',
        rows: 1_500,
        products: 1_500,
        report: null,
        finished_at: null,
      });
      expect(response.headers.location).toBe(`/api/admin/products/import/${run.id}/`);

      const poll = () => patient.app.inject({ method: 'GET', url: `/api/admin/products/import/${run.id}/`, headers: owner.headers });
      let polled: CatalogImportRun = (await poll()).json();
      const seen = [polled.products_written];
      while (polled.status === 'writing') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        polled = (await poll()).json();
        seen.push(polled.products_written);
      }
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(polled).toMatchObject({ status: 'done', products_written: 1_500, finished_at: expect.any(String) });
      expect(polled.report).toEqual({ dry_run: false, rows: 1_500, created: 1_500, updated: 0, unchanged: 0, errors: [] });
      expect(
        (await patient.app.inject({ method: 'GET', url: `/api/admin/products/import/${run.id}/`, headers: shopper.headers })).statusCode,
      ).toBe(403);
      expect(
        (await patient.app.inject({ method: 'GET', url: `/api/admin/products/import/${run.id + 1}/`, headers: owner.headers })).statusCode,
      ).toBe(404);

      // A run its process left 'writing' (stopped mid-import) is answered as failed, not polled for ever.
      await patient.database.handle.db
        .updateTable('catalog_import_runs')
        .set({ status: 'writing', report: null, updated_at: '2026-01-01T00:00:00.000Z' })
        .where('id', '=', run.id)
        .execute();
      const stopped: CatalogImportRun = (await poll()).json();
      expect(stopped).toMatchObject({
        status: 'failed',
        report: { errors: [{ row: 1, field: '', message: expect.stringContaining('after 1,500 of 1,500 products') }] },
      });
      // A dry run is answered at once whatever the wait.
      const checked = await patient.app.inject({
        method: 'POST',
        url: '/api/admin/products/import/?dry_run=true',
        headers: { ...owner.headers, 'content-type': contentType },
        payload,
      });
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toMatchObject({ dry_run: true, created: 0, unchanged: 1_500 });
    } finally {
      await patient.close();
    }
  }, 60_000);
});

describe('updating existing products', () => {
  it('updates the product, sets stock as a movement of the difference, keeps stock left empty, adds new variants', async () => {
    const [small, large] = existing.skus;
    const file = csv(
      { slug: existing.slug, name: 'Kingston Cap', category: 'hats', price: '1600', size: 'S', sku: small ?? '', stock: '9' },
      { slug: existing.slug, name: 'Kingston Cap', category: 'hats', price: '1600', size: 'L', sku: large ?? '', stock: '' },
      { slug: existing.slug, name: 'Kingston Cap', category: 'hats', price: '1600', size: 'XL', sku: 'KC-XL', stock: '3' },
    );
    const response = await upload(file);
    expect(response.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect(await productBySlug(existing.slug)).toMatchObject({ price: 160_000 });
    const variants = await variantsOf(existing.id);
    expect(variants.map(({ sku, size, stock }) => ({ sku, size, stock }))).toEqual([
      { sku: small, size: 'S', stock: 9 },
      { sku: large, size: 'L', stock: 2 },
      { sku: 'KC-XL', size: 'XL', stock: 3 },
    ]);
    // The opening stock of 4, then the import's difference to the 9 it sets.
    expect(await movementsOf(variants[0]?.id ?? 0)).toEqual([
      { delta: 4, reason: 'seed' },
      { delta: 5, reason: 'import' },
    ]);
    // The product's stock row (ADR 23) follows: 9 + 2 + 3 units, L and XL low.
    const row = await shop.database.handle.db
      .selectFrom('product_stock')
      .select(['stock', 'low_variants', 'out_variants'])
      .where('product_id', '=', existing.id)
      .executeTakeFirst();
    expect(row).toEqual({ stock: 14, low_variants: 2, out_variants: 0 });
  });

  it('refuses a SKU that belongs to another product', async () => {
    const response = await upload(csv({ slug: 'thief-tee', sku: 'IT-M-BLK' }));
    expect(response.json()).toMatchObject({
      created: 0,
      errors: [{ row: 2, field: 'sku', message: 'SKU IT-M-BLK belongs to the product island-tee.' }],
    });
    expect(await productBySlug('thief-tee')).toBeUndefined();
  });
});

describe('bad and mixed files', () => {
  it('reports every bad row with its field and reason, and imports none of the good ones', async () => {
    const text = [
      header,
      line({ slug: 'good-one', sku: 'GOOD-1' }),
      line({ slug: 'bad-price', sku: 'BAD-1', price: 'abc' }),
      '',
      line({ slug: 'bad-category', sku: 'BAD-2', category: 'shoes' }),
      line({ slug: 'good-two', sku: 'GOOD-2', description: 'Two lines,\nwith a comma' }),
      line({ slug: 'bad-stock', sku: 'BAD-3', stock: 'lots', status: 'gone' }),
    ].join('\r\n');
    const response = await upload(`\uFEFF${text}\r\n,,,,,,,,,,,,,,,\r\n`);
    expect(response.statusCode).toBe(200);
    const report: CatalogImportReport = response.json();
    expect(report).toMatchObject({ dry_run: false, rows: 7, created: 0, updated: 0 });
    expect(report.errors).toEqual([
      { row: 3, field: 'price', message: "'abc' is not an amount in JMD like 1500 or 1500.50." },
      { row: 5, field: 'category', message: "No category has the slug 'shoes'." },
      { row: 7, field: 'status', message: "'gone' is not one of draft, active, archived." },
      { row: 7, field: 'stock', message: "'lots' is not a whole number from 0 to 1,000,000." },
    ]);
    for (const slug of ['good-one', 'good-two', 'bad-price']) expect(await productBySlug(slug)).toBeUndefined();
    expect(await db().selectFrom('product_variants').select('id').where('sku', 'in', ['GOOD-1', 'GOOD-2']).execute()).toEqual([]);
  });

  it('lists every bad cell of every row in a dry run: its own cells, the other rows and the catalogue', async () => {
    const text = [
      header,
      line({ slug: 'cells-one', sku: 'CELLS-1', price: 'abc', category: 'shoes', stock: 'lots', is_featured: 'maybe' }),
      line({ slug: 'Cells Two', sku: 'IT-M-BLK', sale_price: 'cheap', name: '' }),
      line({ slug: 'cells-three', sku: 'CELLS-1', price: '', category: 'boots', description: 'caf\uFFFD' }),
    ].join('\n');
    const response = await upload(`${text}\n`, { dryRun: true });
    expect(response.statusCode).toBe(200);
    const report: CatalogImportReport = response.json();
    expect(report).toMatchObject({ dry_run: true, rows: 3 });
    expect(report.errors.map(({ row, field }) => `${row} ${field}`)).toEqual([
      '2 category',
      '2 price',
      '2 is_featured',
      '2 stock',
      '3 slug',
      '3 name',
      '3 sale_price',
      '4 description',
      '4 category',
      '4 price',
      '4 sku',
    ]);
    expect(report.errors).toContainEqual({ row: 2, field: 'category', message: "No category has the slug 'shoes'." });
    expect(report.errors).toContainEqual({ row: 4, field: 'category', message: "No category has the slug 'boots'." });
    expect(report.errors).toContainEqual({ row: 4, field: 'sku', message: 'SKU CELLS-1 is also on row 2.' });
    expect(report.errors).toContainEqual({ row: 3, field: 'sale_price', message: "'cheap' is not an amount in JMD like 1500 or 1500.50." });
  });

  it('names the product a SKU belongs to on a row with other bad cells too', async () => {
    const report: CatalogImportReport = (await upload(csv({ slug: 'thief-two', sku: 'IT-M-BLK', price: 'free' }), { dryRun: true })).json();
    expect(report.errors).toEqual([
      { row: 2, field: 'price', message: "'free' is not an amount in JMD like 1500 or 1500.50." },
      { row: 2, field: 'sku', message: 'SKU IT-M-BLK belongs to the product island-tee.' },
    ]);
  });

  it('lists at most 1000 errors, the last one counting the rest', async () => {
    const rows = Array.from({ length: 1200 }, (_, n) => ({ slug: `bad-${n}`, sku: `BAD-${n}`, price: 'abc' }));
    const report: CatalogImportReport = (await upload(csv(...rows), { dryRun: true })).json();
    expect(report.errors).toHaveLength(1000);
    expect(report.errors[999]).toEqual({ row: 1001, field: '', message: expect.stringContaining('201 more errors') });
  });
});

describe('export', () => {
  it('writes every product in the import columns, and importing it back changes nothing', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/admin/products/export/', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="threadline-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body;
    expect(text.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
    expect(text).toContain(
      'island-tee,Island Tee,Soft cotton,tees,2500.5,,,active,yes,no,Cotton|Breathable,Material: Cotton|Fit: Regular,M,Black,IT-M-BLK,10\r\n',
    );
    expect(text.trim().split('\r\n')).toHaveLength(1 + 2 + 1 + 3);

    const again = await upload(text, { filename: 'threadline-catalogue.csv' });
    expect(again.json()).toEqual({ dry_run: false, rows: 6, created: 0, updated: 0, unchanged: 3, errors: [] });
  });

  it('writes a | or \\ inside a feature or specification so that importing it back keeps it whole', async () => {
    const imported = await upload(
      csv({
        slug: 'pipe-tee',
        name: 'Pipe Tee',
        features: 'Cotton \\| Linen|Print C:\\\\shop',
        specifications: 'Sizes: S\\|M',
        sku: 'PT-1',
      }),
    );
    expect(imported.json()).toMatchObject({ created: 1, errors: [] });
    const stored = await productBySlug('pipe-tee');
    expect(JSON.parse(stored?.features ?? '[]')).toEqual(['Cotton | Linen', 'Print C:\\shop']);
    expect(JSON.parse(stored?.specifications ?? '{}')).toEqual({ Sizes: 'S|M' });

    const exported = (await shop.app.inject({ method: 'GET', url: '/api/admin/products/export/', headers: staff.headers })).body;
    expect(exported).toContain(',Cotton \\| Linen|Print C:\\\\shop,Sizes: S\\|M,');
    const again = await upload(exported, { filename: 'threadline-catalogue.csv' });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect(await productBySlug('pipe-tee')).toEqual(stored);
  });
});

describe('cells a spreadsheet would run as formulas', () => {
  it('are exported as text, and importing the export back restores every value', async () => {
    const formulas = {
      slug: 'formula-tee',
      sku: 'FT-1',
      name: '=HYPERLINK("http://evil.test","Sale")',
      description: '+cmd|/C calc',
      features: '-50% off|@SUM(A1)',
      specifications: '@Fit: =Slim|Care: -cold',
      size: '-',
      color: '+red',
    };
    expect((await upload(csv(formulas))).json()).toMatchObject({ created: 1, errors: [] });
    // A tab, which the import trims from a cell typed by hand, reaches the catalogue through other ways.
    await db().updateTable('products').set({ description: '\t=1+1' }).where('slug', '=', 'formula-tee').execute();
    const stored = await productBySlug('formula-tee');

    const exported = (await shop.app.inject({ method: 'GET', url: '/api/admin/products/export/', headers: staff.headers })).body;
    const rows = parse(exported, { bom: true, columns: true }) as Record<string, string>[];
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows.find((row) => row.slug === 'formula-tee')).toMatchObject({
      name: `'=HYPERLINK("http://evil.test","Sale")`,
      description: "'\t=1+1",
      features: "'-50% off|@SUM(A1)",
      specifications: "'@Fit: =Slim|Care: -cold",
      size: "'-",
      color: "'+red",
      price: '2500',
      stock: '5',
    });

    const again = await upload(exported, { filename: 'threadline-catalogue.csv' });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect(await productBySlug('formula-tee')).toEqual(stored);
    const [variant] = await variantsOf(stored?.id ?? 0);
    expect(variant).toMatchObject({ size: '-', color: '+red', stock: 5 });
  });
});

describe('specification names', () => {
  it('holding ": " or a backslash survive export then import', async () => {
    await upload(csv({ slug: 'spec-tee', sku: 'SPEC-1', specifications: 'Plain: Cotton' }));
    const specifications = { 'Care: washing': 'Cold: 30 degrees', 'Path C:\\': 'x', Fit: 'Regular' };
    await db()
      .updateTable('products')
      .set({ specifications: JSON.stringify(specifications) })
      .where('slug', '=', 'spec-tee')
      .execute();
    const stored = await productBySlug('spec-tee');

    const exported = (await shop.app.inject({ method: 'GET', url: '/api/admin/products/export/', headers: staff.headers })).body;
    const again = await upload(exported, { filename: 'threadline-catalogue.csv' });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect(await productBySlug('spec-tee')).toEqual(stored);
    expect(JSON.parse(stored?.specifications ?? '{}')).toEqual(specifications);
  });
});

describe('concurrent imports', () => {
  it('of one new catalogue create it once: the other waits and finds it, or is refused with 409', async () => {
    const rows = Array.from({ length: 30 }, (_, n) => ({ slug: `race-${n}`, sku: `RACE-${n}`, stock: '7' }));
    const file = csv(...rows);
    const answers = await Promise.all([upload(file), upload(file), upload(file)]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 200 && answer.json().created === 30)).toHaveLength(1);
    const count = await db()
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('slug', 'like', 'race-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(30);
    const variant = await db().selectFrom('product_variants').select(['id', 'stock']).where('sku', '=', 'RACE-3').executeTakeFirstOrThrow();
    expect((await movementsOf(variant.id)).reduce((sum, movement) => sum + movement.delta, 0)).toBe(variant.stock);
  });

  it('setting one variant to different stocks keep it the sum the sum of its movements', async () => {
    const stocks = ['20', '50', '35', '0'];
    const answers = await Promise.all(stocks.map((stock) => upload(csv({ slug: 'race-3', sku: 'RACE-3', stock }))));
    for (const answer of answers) expect(answer.json()).toMatchObject({ errors: [] });
    const variant = await db().selectFrom('product_variants').select(['id', 'stock']).where('sku', '=', 'RACE-3').executeTakeFirstOrThrow();
    expect(stocks).toContain(String(variant.stock));
    expect((await movementsOf(variant.id)).reduce((sum, movement) => sum + movement.delta, 0)).toBe(variant.stock);
  });
});

describe('a retired variant', () => {
  it("sells again a retired variant the file names, in the product's stock and in-stock sizes", async () => {
    const hats = await db().selectFrom('categories').select('id').where('slug', '=', 'hats').executeTakeFirstOrThrow();
    const made = await createProduct(db(), {
      name: 'Port Royal Bucket Hat',
      categoryId: hats.id,
      price: 200_000,
      variants: [
        { size: 'S', stock: 4 },
        { size: 'L', stock: 2 },
      ],
    });
    const { slug } = await db().selectFrom('products').select('slug').where('id', '=', made.id).executeTakeFirstOrThrow();
    const [small, large] = await variantsOf(made.id);
    // An ordered variant is retired, not deleted, when staff delete it.
    const shopper = await startSession(shop.app);
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: shopper.headers,
      payload: { product_id: made.id, quantity: 1, variant_size: 'S' },
    });
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/orders/checkout/',
          headers: shopper.headers,
          payload: pickupCheckoutForm('cash_on_delivery'),
        })
      ).statusCode,
    ).toBe(200);
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/admin/variants/${small?.id}/`, headers: staff.headers })).statusCode).toBe(
      409,
    );
    const sizesOnSale = async () =>
      (
        (await shop.app.inject({ method: 'GET', url: `/api/product/${made.id}/` })).json().variants as { size: string; stock: number }[]
      ).map(({ size, stock }) => ({ size, stock }));
    expect(await sizesOnSale()).toEqual([{ size: 'L', stock: 2 }]);
    // The export is the catalogue on sale: without the retired size, so importing it back keeps it retired.
    const exported = (await shop.app.inject({ method: 'GET', url: '/api/admin/products/export/', headers: staff.headers })).body;
    expect(exported).toContain(`,${large?.sku},`);
    expect(exported).not.toContain(`,${small?.sku},`);
    expect((await upload(exported)).json()).toMatchObject({ updated: 0, errors: [] });
    expect(await sizesOnSale()).toEqual([{ size: 'L', stock: 2 }]);

    const row = { slug, name: 'Port Royal Bucket Hat', category: 'hats', price: '2000' };
    const response = await upload(
      csv({ ...row, size: 'S', sku: small?.sku ?? '', stock: '6' }, { ...row, size: 'L', sku: large?.sku ?? '', stock: '' }),
    );
    expect(response.json()).toMatchObject({ updated: 1, errors: [] });
    expect(await sizesOnSale()).toEqual([
      { size: 'S', stock: 6 },
      { size: 'L', stock: 2 },
    ]);
    const stockRow = await db()
      .selectFrom('product_stock')
      .select(['stock', 'low_variants', 'out_variants'])
      .where('product_id', '=', made.id)
      .executeTakeFirst();
    expect(stockRow).toEqual({ stock: 8, low_variants: 1, out_variants: 0 });
    const inStock = await db()
      .selectFrom('product_option_stock')
      .select(['size', 'variants'])
      .where('product_id', '=', made.id)
      .where('variants', '>', 0)
      .orderBy('size')
      .execute();
    expect(inStock).toEqual([
      { size: 'L', variants: 1 },
      { size: 'S', variants: 1 },
    ]);
    expect((await movementsOf(small?.id ?? 0)).at(-1)).toEqual({ delta: 6, reason: 'import' });
  });
});
