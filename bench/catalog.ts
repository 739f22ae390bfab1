// Catalogue read speed at 10,000 and 100,000 products on SQLite: the real app on loopback under
// autocannon, beside a bare node:http server answering the very same bytes (the ceiling) in the
// same run. p99 is taken at 1 connection (the time one shopper waits), req/s at 50 connections.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { openDatabase } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import { seedDatabase } from '../api/src/db/seed/seed.ts';
import { startBareServer } from './bare-server.ts';
import { addGeneratedProducts, generatedSearchTerms } from './catalog-data.ts';

const here = dirname(fileURLToPath(import.meta.url));
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);

async function load(url: string, connections: number, paths?: string[]) {
  let next = 0;
  const requests = paths && [
    {
      setupRequest: (request: autocannon.Request) => {
        next = (next + 1) % paths.length;
        return { ...request, path: paths[next] ?? '/' };
      },
    },
  ];
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, ...(requests ? { requests } : {}) });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

for (const size of sizes) {
  const directory = join(here, '.tmp');
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `catalog-${size}.db`);
  if (!existsSync(file)) {
    const started = performance.now();
    const setup = openDatabase(`sqlite:${file}`);
    await migrateToLatest(setup.db);
    await seedDatabase(setup.db);
    await addGeneratedProducts(setup.db, size);
    await setup.close();
    console.log(`generated ${size} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const database = openDatabase(`sqlite:${file}`);
  const config = loadConfig({ DATA_DIR: directory, SECRET_KEY: 'bench-secret-key-long-enough-0123456789', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const productIds = await database.db.selectFrom('products').select('id').orderBy('id', 'desc').limit(200).execute();
  const productPaths = productIds.map((row) => `/api/product/${row.id}/`);
  const endpoints = [
    ['shop: first page', '/api/shop/', true],
    ['shop: category + price sort', '/api/shop/?category=running-sneakers&sort=price_low', true],
    ['shop: search', '/api/shop/?search=kingston%20run', true],
    ['shop: page 50, best sellers', '/api/shop/?page=50&sort=best_sellers', true],
    ['product detail (200 products)', productPaths[0] ?? '/', false],
  ] as const;

  console.log(`\n${size.toLocaleString('en-US')} products (SQLite, ${seconds} s per run)`);
  console.log('endpoint                          p99@1 ms  target   req/s@50   ceiling req/s   share');
  for (const [name, path, isListing] of endpoints) {
    // The ceiling answers the same bytes for the same URLs, rotated the same way.
    const rotation = isListing ? undefined : productPaths;
    const answers = new Map<string, Buffer>();
    let contentType = 'application/json';
    for (const url of rotation ?? [path]) {
      const answer = await fetch(origin + url, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${body.toString()}`);
      answers.set(url, body);
      contentType = answer.headers.get('content-type') ?? contentType;
    }
    const latency = await load(origin + path, 1, rotation);
    const throughput = await load(origin + path, 50, rotation);
    const ceiling = await startBareServer(answers, contentType);
    const bare = await load(ceiling.url + path, 50, rotation);
    ceiling.close();
    const share = throughput.requestsPerSecond / bare.requestsPerSecond;
    const target = isListing ? (latency.p99 < 20 ? 'met' : 'MISSED') : share >= 0.5 ? 'met' : 'MISSED';
    console.log(
      `${name.padEnd(32)} ${String(latency.p99).padStart(8)}  ${target.padEnd(7)} ${Math.round(throughput.requestsPerSecond)
        .toString()
        .padStart(9)}  ${Math.round(bare.requestsPerSecond).toString().padStart(14)}  ${(share * 100).toFixed(0).padStart(5)}%` +
        (throughput.errors ? `  (${throughput.errors} errors)` : ''),
    );
  }
  // The rows above repeat one URL, so a filter's count and facets come from the summary cache after
  // the first request. A shopper's own search is usually new: this is what its first answer costs.
  // The app runs in this process, so the longest event-loop delay meanwhile is its longest stall.
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  // CPU time as well as time taken: on a shared machine the first is what the answer cost.
  const firstCpu: number[] = [];
  const firstTime = async (path: string) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const answer = await fetch(origin + path);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    const used = process.cpuUsage(cpu);
    firstCpu.push((used.user + used.system) / 1000);
    return performance.now() - started;
  };
  const firstSearches = generatedSearchTerms().map((term) => `/api/shop/?search=${encodeURIComponent(term)}`);
  const firstTimes: number[] = [];
  stalls.enable();
  for (const path of firstSearches) firstTimes.push(await firstTime(path));
  stalls.disable();
  const searchCpu = firstCpu.splice(0).sort((a, b) => a - b);
  const searchStall = stalls.max / 1e6;
  stalls.reset();
  // Filters over the whole catalogue: their count and facets read every product.
  const wholeFilters = [
    '/api/shop/?size=M',
    '/api/shop/?color=Red',
    '/api/shop/?size=L&color=Black',
    '/api/shop/?sort=price_high&min_price=1',
  ];
  const wholeTimes: number[] = [];
  stalls.enable();
  for (const path of wholeFilters) wholeTimes.push(await firstTime(path));
  stalls.disable();
  firstTimes.sort((a, b) => a - b);
  const at = (share: number, times = firstTimes) => (times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0).toFixed(0);
  console.log(
    `first request of ${firstSearches.length} new searches (no cached count and facets): median ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${at(1)} ms; CPU median ${at(0.5, searchCpu)} ms, p99 ${at(0.99, searchCpu)} ms; longest event-loop stall ${searchStall.toFixed(0)} ms`,
  );
  console.log(
    `first request of ${wholeFilters.length} new filters over the whole catalogue: ${wholeTimes.map((time) => time.toFixed(0)).join(', ')} ms (CPU ${firstCpu.map((time) => time.toFixed(0)).join(', ')} ms); longest event-loop stall ${(stalls.max / 1e6).toFixed(0)} ms`,
  );
  await app.close();
  await database.close();
  if (process.env.BENCH_KEEP_DATA !== 'true' && size > 10_000) rmSync(file, { force: true });
}
