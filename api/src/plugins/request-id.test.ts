import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestShop, type TestShop } from '../../test/helper.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(async () => shop?.close());

describe('request ids', () => {
  it('are made for every request, answered in a header and in error bodies beside the error', async () => {
    const answer = await shop.app.inject({ method: 'GET', url: '/api/product/999999/' });
    expect(answer.statusCode).toBe(404);
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.json()).toEqual({ error: expect.any(String), request_id: id });

    const other = await shop.app.inject({ method: 'GET', url: '/api/health/' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it("keep the load balancer's id when it is short and safe, and replace any other", async () => {
    const kept = await shop.app.inject({ method: 'GET', url: '/api/nowhere/', headers: { 'x-request-id': '7F000001C3A2_1f90:12.ab-c' } });
    expect(kept.headers['x-request-id']).toBe('7F000001C3A2_1f90:12.ab-c');
    expect(kept.json().request_id).toBe('7F000001C3A2_1f90:12.ab-c');

    for (const unsafe of ['x'.repeat(65), 'has space', '"quoted"', 'a\u00e9b', '']) {
      const replaced = await shop.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-request-id': unsafe } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('are answered on validation refusals and server failures too', async () => {
    const refused = await shop.app.inject({ method: 'POST', url: '/api/orders/cart/', payload: { product_id: 'x' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json().request_id).toBe(refused.headers['x-request-id']);
  });

  it('are in every log line of the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = await buildApp({ config: shop.config, database: shop.database.handle, logger: pino({ level: 'info' }, sink) });
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/api/product/999999/', headers: { 'x-request-id': 'abc-123' } });
    } finally {
      await app.close();
    }
    const ofRequest = lines.filter((line) => line.reqId !== undefined);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest.every((line) => line.reqId === 'abc-123')).toBe(true);
  });
});
