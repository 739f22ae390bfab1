import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { storeSettingsSchema } from '@threadline/contracts';
import { pickupCheckoutForm } from '../../test/checkout-forms.ts';
import { callJson, startHttpSession, startServerProcesses, type ServerProcesses } from '../../test/server-processes.ts';

/**
 * A stand-in for the web app's server build: the product page with what the API answered in-process,
 * as the real one renders it (through the same routes and caches).
 */
const renderer = `
export async function renderPage({ url, origin, fetchApi }) {
  const path = new URL(url, origin).pathname;
  if (!path.startsWith('/product/')) return null;
  const answer = await fetchApi('/api/product/' + path.split('/')[2] + '/');
  const { product, variants } = answer.body;
  const store = (await fetchApi('/api/store/')).body.store;
  const line = 'price=' + product.price + ';stock=' + variants.map((variant) => variant.stock).join(',') + ';main=' + product.images[0].alt_text + ';street=' + store.street;
  return { status: answer.status, html: '<main>' + line + '</main>', state: '{}', title: product.name, description: product.name };
}
`;

let processes: ServerProcesses;
let writer = '';
let reader = '';
let staffHeaders: Record<string, string> = {};
let product: { id: number; variantId: number; size: string | null; color: string | null; stock: number; imageId: number; price: number };

// Processes tell each other through PostgreSQL; on SQLite the shop is one process (ADR 27).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a change made through one of two processes on PostgreSQL', () => {
  beforeAll(async () => {
    processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '50' }, { webFiles: { '.ssr/entry-server.js': renderer } });
    [writer = '', reader = ''] = processes.urls;
    const db = processes.database.handle.db;
    const variant = await db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select([
        'product_variants.id',
        'product_variants.product_id',
        'product_variants.size',
        'product_variants.color',
        'product_variants.stock',
        'products.price',
      ])
      .where('products.is_active', '=', 1)
      .where('products.sale_price', 'is', null)
      .where('product_variants.stock', '>=', 5)
      .orderBy('product_variants.id')
      .executeTakeFirstOrThrow();
    const image = await db
      .selectFrom('product_images')
      .select('id')
      .where('product_id', '=', variant.product_id)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    product = {
      id: variant.product_id,
      variantId: variant.id,
      size: variant.size,
      color: variant.color,
      stock: variant.stock,
      imageId: image.id,
      price: variant.price,
    };

    const session = await startHttpSession(writer);
    const registered = await callJson(writer, 'POST', '/api/users/auth/register/', session.headers, {
      first_name: 'Marcia',
      last_name: 'Reid',
      email: 'marcia@threadline.test',
      password1: 'island-breeze-42',
      password2: 'island-breeze-42',
    });
    await db.updateTable('users').set({ role: 'owner' }).where('email_normalized', '=', 'marcia@threadline.test').execute();
    staffHeaders = { ...session.headers, authorization: `Bearer ${String(registered.body.token)}` };
  }, 200_000);
  afterAll(async () => processes?.close());

  /** Asks until `seen` holds or a second has passed; answers how long it took, or null. */
  async function withinASecond(seen: () => Promise<boolean>): Promise<number | null> {
    const start = performance.now();
    while (performance.now() - start < 1000) {
      if (await seen()) return performance.now() - start;
      await new Promise((wait) => setTimeout(wait, 25));
    }
    return null;
  }

  const apiStock = async () =>
    ((await callJson(reader, 'GET', `/api/product/${product.id}/`, {})).body.variants as { id: number; stock: number }[]).find(
      (variant) => variant.id === product.variantId,
    )?.stock;
  const apiPrice = async () => ((await callJson(reader, 'GET', `/api/product/${product.id}/`, {})).body.product as { price: number }).price;
  const pageHtml = async () => (await fetch(`${reader}/product/${product.id}`)).text();
  const stockShown = (stock: number) => new RegExp(`stock=([0-9,]*,)?${stock}[,;]`);

  it('a price changed in the back office is served by the other process, API and page, within a second', async () => {
    // The other process has the product's answer and page kept.
    expect(await apiPrice()).toBe(product.price / 100);
    expect(await pageHtml()).toContain(`price=${product.price / 100};`);
    const newPrice = product.price / 100 + 250;
    const changed = await callJson(writer, 'PATCH', `/api/admin/products/${product.id}/`, staffHeaders, { price: newPrice });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const seen = await withinASecond(async () => (await apiPrice()) === newPrice && (await pageHtml()).includes(`price=${newPrice};`));
    expect(seen).not.toBeNull();
  });

  it("an order's stock, taken through one process, is served by the other within a second", async () => {
    const before = await apiStock();
    expect(await pageHtml()).toMatch(stockShown(before ?? -1));
    const shopper = await startHttpSession(writer);
    const added = await callJson(writer, 'POST', '/api/orders/cart/', shopper.headers, {
      product_id: product.id,
      quantity: 2,
      variant_size: product.size ?? undefined,
      variant_color: product.color ?? undefined,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const placed = await callJson(writer, 'POST', '/api/orders/checkout/', shopper.headers, pickupCheckoutForm('cash_on_delivery'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const seen = await withinASecond(
      async () => (await apiStock()) === (before ?? 0) - 2 && stockShown((before ?? 0) - 2).test(await pageHtml()),
    );
    expect(seen).not.toBeNull();
  });

  it('a stock adjustment and a picture description made through one process are served by the other within a second', async () => {
    const before = (await apiStock()) ?? 0;
    const adjusted = await callJson(writer, 'POST', `/api/admin/variants/${product.variantId}/stock/`, staffHeaders, {
      change: -1,
      reason: 'One sold at the market',
    });
    expect(adjusted).toEqual({ status: 200, body: { stock: before - 1 } });
    expect(
      await withinASecond(async () => (await apiStock()) === before - 1 && stockShown(before - 1).test(await pageHtml())),
    ).not.toBeNull();

    const described = await callJson(writer, 'PATCH', `/api/admin/images/${product.imageId}/`, staffHeaders, {
      alt_text: 'Shot on the Palisadoes',
    });
    expect(described.status).toBe(200);
    expect(await withinASecond(async () => (await pageHtml()).includes('main=Shot on the Palisadoes'))).not.toBeNull();
  });

  it('the store’s street the owner changed through one process is what the other answers and renders within a second (its e-mails read the same settings)', async () => {
    const storeOf = async () => storeSettingsSchema.parse((await callJson(reader, 'GET', '/api/store/', {})).body);
    const before = await storeOf();
    expect(await pageHtml()).toContain(`;street=${before.store.street}<`);
    const saved = await callJson(writer, 'PUT', '/api/admin/settings/', staffHeaders, {
      ...before,
      store: { ...before.store, street: '7 Harbour Street' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const seen = await withinASecond(
      async () => (await storeOf()).store.street === '7 Harbour Street' && (await pageHtml()).includes(';street=7 Harbour Street<'),
    );
    expect(seen).not.toBeNull();
  });

  it('after its listening connection drops, a process connects again and drops what it kept', async () => {
    const before = (await apiStock()) ?? 0;
    expect(await pageHtml()).toMatch(stockShown(before));
    const db = processes.database.handle.db;
    // Both processes lose their listener; the change made meanwhile is told to nobody.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'threadline shop changes'`.execute(db);
    await db
      .updateTable('product_variants')
      .set({ stock: before + 5 })
      .where('id', '=', product.variantId)
      .execute();
    // The first retry waits 250 ms; then everything counts as changed.
    const seen = await withinASecond(async () => (await apiStock()) === before + 5 && stockShown(before + 5).test(await pageHtml()));
    expect(seen).not.toBeNull();
    const listening = await sql<{
      count: string;
    }>`select count(*) as count from pg_stat_activity where application_name = 'threadline shop changes'`.execute(db);
    expect(Number(listening.rows[0]?.count)).toBeGreaterThanOrEqual(2);
  });
});
