import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcesses, type ServerProcesses } from '../../../test/server-processes.ts';

const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;

let processes: ServerProcesses | undefined;
let provider: Server | undefined;
afterAll(async () => {
  await processes?.close();
  provider?.close();
});

/** A rates provider that answers each call once `release` is called, or after four seconds. */
async function slowProvider(rates: Record<string, number>) {
  const calls = { total: 0, atOnce: 0, most: 0 };
  let release = () => undefined as void;
  const released = new Promise<void>((done) => (release = done));
  // It answers before the shop's five-second fetch timeout.
  const server = createServer((_request, response) => {
    calls.total += 1;
    calls.atOnce += 1;
    calls.most = Math.max(calls.most, calls.atOnce);
    void Promise.race([released, new Promise((wait) => setTimeout(wait, 4000))]).then(() => {
      calls.atOnce -= 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rates }));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, calls, release, url: `http://127.0.0.1:${port}/latest/EUR` };
}

const ratesOf = async (url: string) =>
  (await (await fetch(`${url}/api/rates/`)).json()) as { source: string; rates: Record<string, number> };

describe('the exchange-rate job on two processes', () => {
  // SQLite serves one process: there the job runs as it always did.
  it.skipIf(!onPostgres)(
    'fetches on one process at a time: the other skips while the first holds the job',
    async () => {
      // A slow provider: it answers once both processes have started (each runs the job as it starts).
      const slow = await slowProvider({ JMD: 180, USD: 1.08, EUR: 1 });
      provider = slow.server;
      const { calls, release } = slow;
      processes = await startServerProcesses(2, { RATES_URL: slow.url });
      await expect.poll(() => calls.total, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      await new Promise((wait) => setTimeout(wait, 500));
      release();

      // Stored by the process that ran the job; only then are pages asked (a page's call for the rates
      // refreshes them too when they are not stored, outside the job).
      const db = processes.database.handle.db;
      await expect
        .poll(async () => (await db.selectFrom('exchange_rates').select('fetched_on').execute()).length, { timeout: 10_000 })
        .toBe(1);
      expect(calls.most).toBe(1);
      expect(calls.total).toBe(1);
      for (const url of processes.urls) expect((await ratesOf(url)).source).toBe('live');
      expect(calls.total).toBe(1);
    },
    120_000,
  );

  // Each process keeps the stored rates (every checkout reads them) until a change is published.
  it.skipIf(!onPostgres)(
    'rates one process stored are served by the other within a second',
    async () => {
      await processes?.close();
      provider?.close();
      const slow = await slowProvider({ JMD: 160, USD: 1.25, EUR: 1 });
      provider = slow.server;
      // Only the first process fetches: the second serves what is stored, as it has kept it.
      processes = await startServerProcesses(2, {}, { onlyFirst: { RATES_URL: slow.url } });
      const [, reader = ''] = processes.urls;
      await expect.poll(() => slow.calls.total, { timeout: 10_000 }).toBe(1);
      expect((await ratesOf(reader)).source).toBe('fallback');

      slow.release();
      const start = performance.now();
      await expect.poll(async () => (await ratesOf(reader)).source, { timeout: 1000, interval: 25 }).toBe('live');
      expect(performance.now() - start).toBeLessThan(1000);
      expect((await ratesOf(reader)).rates.USD).toBe(Number((1.25 / 160).toPrecision(6)));
    },
    120_000,
  );
});
