import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const line = 'price=' + product.price + ';stock=' + variants.map((variant) => variant.stock).join(',') + ';main=' + product.images[0].alt_text;
  return { status: answer.status, html: '<main>' + line + '</main>', state: '{}', title: product.name, description: product.name };
}
`;

let processes: ServerProcesses;
let writer = '';
let reader = '';
let staffHeaders: Record<string, string> = {};
let product: { id: number; variantId: number; stock: number; imageId: number; price: number };

beforeAll(async () => {
  processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '50' }, { webFiles: { '.ssr/entry-server.js': renderer } });
  [writer = '', reader = ''] = processes.urls;
  const db = processes.database.handle.db;
  const variant = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['product_variants.id', 'product_variants.product_id', 'product_variants.stock', 'products.price'])
    .where('products.is_active', '=', 1)
    .where('product_variants.stock', '>=', 3)
    .orderBy('product_variants.id')
    .executeTakeFirstOrThrow();
  const image = await db.selectFrom('product_images').select('id').where('product_id', '=', variant.product_id).orderBy('position').executeTakeFirstOrThrow();
  product = { id: variant.product_id, variantId: variant.id, stock: variant.stock, imageId: image.id, price: variant.price };

  const session = await startHttpSession(writer);
  const registered = await callJson(writer, 'POST', '/api/users/auth/register/', session.headers, {
    first_name: 'Marcia',
    last_name: 'Reid',
    email: 'marcia@threadline.test',
    password1: 'island-breeze-42',
    password2: 'island-breeze-42',
  });
  await db.updateTable('users').set({ role: 'staff' }).where('email_normalized', '=', 'marcia@threadline.test').execute();
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

const apiStock = async () => ((await callJson(reader, 'GET', `/api/product/${product.id}/`, {})).body.variants as { id: number; stock: number }[]).find((variant) => variant.id === product.variantId)?.stock;
const pageHtml = async () => (await fetch(`${reader}/product/${product.id}`)).text();

describe('a back-office change made through one process', () => {
  it('is served by the other process, API and server-rendered page, within a second', async () => {
    // The other process has the product page cached (its answers are kept up to two seconds).
    expect(await apiStock()).toBe(product.stock);
    expect(await pageHtml()).toContain(`price=${product.price / 100}`);

    const adjusted = await callJson(writer, 'POST', `/api/admin/variants/${product.variantId}/stock/`, staffHeaders, { change: -2, reason: 'Two sold at the market' });
    expect(adjusted).toEqual({ status: 200, body: { stock: product.stock - 2 } });
    const stockSeen = await withinASecond(async () => (await apiStock()) === product.stock - 2);
    expect(stockSeen).not.toBeNull();
    expect(await pageHtml()).toMatch(new RegExp(`stock=([0-9,]*,)?${product.stock - 2}[,;]`));

    expect(await pageHtml()).toContain('main=');
    const described = await callJson(writer, 'PATCH', `/api/admin/images/${product.imageId}/`, staffHeaders, { alt_text: 'Shot on the Palisadoes' });
    expect(described.status).toBe(200);
    const pageSeen = await withinASecond(async () => (await pageHtml()).includes('main=Shot on the Palisadoes'));
    expect(pageSeen).not.toBeNull();
  });

  it('reaches the other process whoever changed the database, price included', async () => {
    // A price written beside a published change (the product editor publishes the same topic).
    expect(await pageHtml()).toContain(`price=${product.price / 100};`);
    await processes.database.handle.db.updateTable('products').set({ price: product.price + 10_000 }).where('id', '=', product.id).execute();
    expect((await callJson(writer, 'POST', `/api/admin/variants/${product.variantId}/stock/`, staffHeaders, { change: 1, reason: 'Returned to the shelf' })).status).toBe(200);
    const seen = await withinASecond(async () => {
      const answer = await callJson(reader, 'GET', `/api/product/${product.id}/`, {});
      return (answer.body.product as { price: number }).price === (product.price + 10_000) / 100 && (await pageHtml()).includes(`price=${(product.price + 10_000) / 100};`);
    });
    expect(seen).not.toBeNull();
  });
});
