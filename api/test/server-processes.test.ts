import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startHttpSession, startServerProcesses, type ServerProcesses } from './server-processes.ts';

let processes: ServerProcesses;
beforeAll(async () => {
  processes = await startServerProcesses(2);
}, 60_000);
afterAll(async () => processes?.close());

describe('two server processes on one database', () => {
  it('serve one shopper: a cart filled through one is read through the other', async () => {
    const [first = '', second = ''] = processes.urls;
    const shopper = await startHttpSession(first);
    const products = await callJson(first, 'GET', '/api/shop/?page_size=1', shopper.headers);
    const [product] = (products.body.results as { products: { id: number }[] }).products;
    const detail = await callJson(second, 'GET', `/api/product/${product?.id}/`, shopper.headers);
    const variant = (detail.body.variants as { size: string | null; color: string | null; stock: number }[]).find(
      (entry) => entry.stock > 0,
    );
    const added = await callJson(first, 'POST', '/api/orders/cart/', shopper.headers, {
      product_id: product?.id,
      quantity: 1,
      variant_size: variant?.size ?? undefined,
      variant_color: variant?.color ?? undefined,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = await callJson(second, 'GET', '/api/orders/cart/', shopper.headers);
    expect(cart.status).toBe(200);
    expect((cart.body.items as unknown[]).length).toBe(1);
  });
});
