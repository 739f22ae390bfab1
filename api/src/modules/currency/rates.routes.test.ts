import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fallbackRates } from '@threadline/contracts';
import { createTestShop, type TestShop } from '../../../test/helper.ts';
import { ratesPerJmd, shopDay } from './rates.service.ts';

/** A local stand-in for the public latest-rates service (base EUR). */
let provider: Server;
let providerRequests = 0;
let providerAnswer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  provider = createServer((_request, response) => {
    providerRequests += 1;
    response.writeHead(providerAnswer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(providerAnswer.body));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

const providerUrl = () => `http://127.0.0.1:${(provider.address() as AddressInfo).port}/latest`;
const shops: TestShop[] = [];
afterEach(async () => {
  for (const shop of shops.splice(0)) await shop.close();
});

async function shopWith(environment: Record<string, string>) {
  const shop = await createTestShop({ seed: false, environment });
  shops.push(shop);
  await shop.ready();
  return shop;
}

describe('GET /api/rates/', () => {
  it('answers the SPEC fallback rates when no provider is configured', async () => {
    const shop = await shopWith({});
    const response = await shop.app.inject({ method: 'GET', url: '/api/rates/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ base: 'JMD', rates: fallbackRates, fetched_on: null, source: 'fallback' });
  });

  it('fetches live rates once a day from the provider and converts them to JMD', async () => {
    providerAnswer = { status: 200, body: { base: 'EUR', rates: { JMD: 170, USD: 1.08, GBP: 0.86, CAD: 1.5 } } };
    providerRequests = 0;
    const shop = await shopWith({ RATES_URL: providerUrl() });
    const first = await shop.app.inject({ method: 'GET', url: '/api/rates/' });
    const second = await shop.app.inject({ method: 'GET', url: '/api/rates/' });
    expect(first.json()).toMatchObject({ source: 'live', fetched_on: shopDay(new Date()) });
    expect(first.json().rates.USD).toBeCloseTo(1.08 / 170, 6);
    expect(first.json().rates.EUR).toBeCloseTo(1 / 170, 6);
    expect(second.json()).toEqual(first.json());
    expect(providerRequests).toBe(1);
  });

  it('keeps answering fallback rates when the provider fails, without a 5xx', async () => {
    providerAnswer = { status: 502, body: { error: 'down' } };
    const shop = await shopWith({ RATES_URL: providerUrl() });
    const response = await shop.app.inject({ method: 'GET', url: '/api/rates/' });
    expect(response.statusCode).toBe(200);
    expect(response.json().source).toBe('fallback');
  });

  it('ignores an answer without a JMD rate', async () => {
    providerAnswer = { status: 200, body: { rates: { USD: 1.1 } } };
    const shop = await shopWith({ RATES_URL: providerUrl() });
    const response = await shop.app.inject({ method: 'GET', url: '/api/rates/' });
    expect(response.json().source).toBe('fallback');
  });
});

describe('ratesPerJmd', () => {
  it('divides every EUR rate by the JMD rate', () => {
    expect(ratesPerJmd({ JMD: 200, USD: 1.28, GBP: 1.02 })).toEqual({ JMD: 1, USD: 0.0064, EUR: 0.005, GBP: 0.0051 });
  });
});
