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

describe('the exchange-rate job on two processes', () => {
  // SQLite serves one process: there the job runs as it always did.
  it.skipIf(!onPostgres)('fetches on one process at a time: the other skips while the first holds the job', async () => {
    const calls = { total: 0, atOnce: 0, most: 0 };
    let release = () => undefined as void;
    const released = new Promise<void>((done) => (release = done));
    // A slow provider: it answers once both processes have started (each runs the job as it
    // starts), but before the shop's five-second fetch timeout.
    provider = createServer((_request, response) => {
      calls.total += 1;
      calls.atOnce += 1;
      calls.most = Math.max(calls.most, calls.atOnce);
      void Promise.race([released, new Promise((wait) => setTimeout(wait, 4000))]).then(() => {
        calls.atOnce -= 1;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rates: { JMD: 180, USD: 1.08, EUR: 1 } }));
      });
    });
    await new Promise<void>((listening) => provider?.listen(0, '127.0.0.1', listening));
    const address = provider.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    processes = await startServerProcesses(2, { RATES_URL: `http://127.0.0.1:${port}/latest/EUR` });
    await expect.poll(() => calls.total, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await new Promise((wait) => setTimeout(wait, 500));
    release();

    // Stored by the process that ran the job; only then are pages asked (a page's call for the rates
    // refreshes them too when they are not stored, outside the job).
    const db = processes.database.handle.db;
    await expect.poll(async () => (await db.selectFrom('exchange_rates').select('fetched_on').execute()).length, { timeout: 10_000 }).toBe(1);
    expect(calls.most).toBe(1);
    expect(calls.total).toBe(1);
    for (const url of processes.urls) {
      expect(((await (await fetch(`${url}/api/rates/`)).json()) as { source: string }).source).toBe('live');
    }
    expect(calls.total).toBe(1);
  }, 120_000);
});
