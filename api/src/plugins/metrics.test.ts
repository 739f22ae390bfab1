import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupCheckoutForm } from '../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../test/factories.ts';
import { createTestShop, startSession, type TestShop } from '../../test/helper.ts';

const token = 'metrics-token-0123456789abcdef';
const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;
const bearer = { authorization: `Bearer ${token}` };

let shop: TestShop;
let productId = 0;
beforeAll(async () => {
  shop = await createTestShop({ seed: false, environment: { METRICS_TOKEN: token } });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (
    await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 50 }] })
  ).id;
  // The built-in card provider is reached over real HTTP.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => shop?.close());

const scrape = async () => {
  const answer = await shop.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  return answer.body;
};

describe('/metrics', () => {
  it('answers only to the bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: token }, { authorization: `Basic ${token}` }]) {
      const refused = await shop.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: expect.any(String), request_id: expect.any(String) });
      expect(refused.body).not.toContain('nodejs_');
    }
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/` });
    await shop.app.inject({ method: 'GET', url: '/api/product/999999/?x=1' });
    const text = await scrape();
    expect(text).toMatch(
      /threadline_http_request_duration_seconds_count\{method="GET",route="\/api\/product\/:id\/",status_code="200"\} 1\n/,
    );
    expect(text).toMatch(
      /threadline_http_request_duration_seconds_count\{method="GET",route="\/api\/product\/:id\/",status_code="404"\} 1\n/,
    );
    expect(text).not.toMatch(/route="[^"]*999999/);
  });

  it('counts orders placed and card payments started', async () => {
    const shopper = await startSession(shop.app);
    const call = (method: 'POST', url: string, payload?: object) =>
      shop.app.inject({ method, url, headers: shopper.headers, ...(payload ? { payload } : {}) });
    await call('POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });
    expect((await call('POST', '/api/orders/checkout/', pickupCheckoutForm('cash_on_delivery'))).statusCode).toBe(200);
    await call('POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });
    const card = await call('POST', '/api/orders/checkout/', pickupCheckoutForm());
    expect((await call('POST', `/api/orders/payment/stripe/${card.json().order_id}/`)).statusCode).toBe(200);

    const text = await scrape();
    expect(text).toContain('threadline_orders_placed_total{payment_method="cash_on_delivery"} 1');
    expect(text).toContain('threadline_orders_placed_total{payment_method="stripe"} 1');
    expect(text).toContain('threadline_payments_total{outcome="started"} 1');
  });

  it('reports event-loop delay and the process', async () => {
    const text = await scrape();
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it.skipIf(!onPostgres)("reports PostgreSQL's connection pool", async () => {
    const text = await scrape();
    expect(text).toMatch(/threadline_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toContain('threadline_db_pool_waiting 0');
  });

  it.skipIf(onPostgres)('reports no pool on SQLite (one connection)', async () => {
    expect(await scrape()).not.toContain('threadline_db_pool');
  });
});

describe('without METRICS_TOKEN', () => {
  it('keeps and serves no metrics', async () => {
    const plain = await createTestShop({ seed: false });
    try {
      await plain.ready();
      const answer = await plain.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('nodejs_');
    } finally {
      await plain.close();
    }
  });
});
