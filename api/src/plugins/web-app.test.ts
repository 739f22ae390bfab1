import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@threadline/contracts';
import { createTestShop, startSession, type TestShop } from '../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.app.media.store.put('placeholder-640.webp', Buffer.from('placeholder-bytes'), 'image/webp');
  await shop.app.media.store.put('tee-640.webp', Buffer.from('tee-bytes'), 'image/webp');
  shop.app.get('/api/test-crash/', async () => {
    throw new Error('secret internals: password=hunter2');
  });
  await shop.ready();
});
afterAll(() => shop.close());

describe('serving the app beside the API', () => {
  it('serves the app for page routes with security headers, kept by nobody when the browser renders them', async () => {
    for (const url of ['/', '/shop', '/product/12', '/auth/google/callback/', '/order-confirmation/5']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers the back office pages with a 200 and the error pages with their own status', async () => {
    const statuses = {
      '/admin': 200,
      '/admin/': 200,
      '/admin/orders': 200,
      '/admin/orders/12': 200,
      '/admin/products/12/pictures': 200,
      '/403': 403,
      '/500': 500,
      '/500/': 500,
      '/administrator': 404,
      '/nope': 404,
    };
    for (const [url, status] of Object.entries(statuses)) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('serves the app with a 404 status for unknown pages, so the app shows its 404 page', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers an unknown API path with a JSON 404, never the app', async () => {
    const session = await startSession(shop.app);
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await shop.app.inject({ method, url: '/api/nope/', headers: session.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serverMessages.notFound, request_id: expect.any(String) });
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await shop.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves media and falls back to the placeholder image for a missing one', async () => {
    const found = await shop.app.inject({ method: 'GET', url: '/static/media/tee-640.webp' });
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe('tee-bytes');
    const missing = await shop.app.inject({ method: 'GET', url: '/static/media/products/gone-640.webp' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toBe('placeholder-bytes');
  });

  it('answers a crash with a 500 that says nothing internal', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/test-crash/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: serverMessages.serverError, request_id: expect.any(String) });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });

  it('marks JSON answers nosniff and private', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/health/', () => {
  it('checks the database', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
    });
  });
});

describe('the plain app, for a page the browser renders', () => {
  const shell = `<!doctype html><html><head><title>Threadline</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
  let plain: TestShop;
  beforeAll(async () => {
    plain = await createTestShop({ seed: false, webFiles: { 'index.html': shell } });
  });
  afterAll(() => plain.close());

  it('is sent compressed as the browser asks, the same bytes to every shopper, and kept by nobody', async () => {
    const asked = () => plain.app.inject({ method: 'GET', url: '/contact', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const [first, second] = [await asked(), await asked()];
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(shell);
    }
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const uncompressed = await plain.app.inject({ method: 'GET', url: '/contact' });
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body).toBe(shell);
  });
});
