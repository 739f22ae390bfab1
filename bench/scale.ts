// The shop on PostgreSQL behind HAProxy with 1, 2 and 4 processes (BENCH_PROCESSES), as
// deploy/run-local.sh starts it: listing, product and page throughput with autocannon through
// HAProxy, and checkout orders/s as bench/checkout.ts measures it, per process count, with each shop
// process's largest RSS and the CPU the shops, HAProxy and this load generator used. The same-run
// baseline is a bare node:http server answering the listing's bytes behind the same HAProxy.
// Everything shares this machine's cores, so a ratio above 1 needs cores the others leave idle.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { loadConfig } from '../api/src/config.ts';
import { openDatabase } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import { ensureSeedMedia } from '../api/src/db/seed/media.ts';
import { seedDatabase } from '../api/src/db/seed/seed.ts';
import { openMediaStore } from '../api/src/media/open-media-store.ts';
import { startBareServer } from './bare-server.ts';
import { checkOutAll, shoppersWithCarts, variantStock } from './checkout-load.ts';
import { processCpuMs, processRssMiB } from './proc-stats.ts';
import { percentile, stockFirstVariant } from './shop-fixture.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const processCounts = (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const shoppersCount = Number(process.env.BENCH_SHOPPERS ?? 500);
const stock = Math.floor(shoppersCount * 0.8);
const connections = 50;
// Ports of their own, so another bench or a shop on the usual ones does not answer instead.
const bind = process.env.BENCH_SHOP_BIND ?? '127.0.0.1:18480';
const firstPort = process.env.BENCH_FIRST_PORT ?? '18481';
const origin = `http://${bind}`;
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = 'threadline_scale';
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const dataDir = mkdtempSync(join(tmpdir(), 'threadline-scale-'));
const shopEnvironment = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  SECRET_KEY: 'bench-secret-key-long-enough-0123456789',
  LOG_LEVEL: 'error',
  // Every bench shopper comes from one address: the per-address limits would measure themselves.
  RATE_LIMIT_SCALE: '1000',
  SHUTDOWN_DRAIN_SECONDS: '0',
};

interface Watched {
  shops: number[];
  haproxy: number | undefined;
}

interface Measured {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  maxRssMiB: number;
  cores: { shops: number; haproxy: number; bench: number };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

function uptime(): string {
  return execFileSync('uptime', { encoding: 'utf8' }).trim();
}

/** Runs `work` while sampling every shop's RSS and taking the CPU each side used, as cores (CPU time / wall time). */
async function watching<T>(watched: Watched, work: () => Promise<T>): Promise<{ result: T; maxRssMiB: number; cores: Measured['cores'] }> {
  let maxRssMiB = 0;
  const sample = () => {
    for (const pid of watched.shops) maxRssMiB = Math.max(maxRssMiB, processRssMiB(pid) ?? 0);
  };
  const shopsCpu = () => watched.shops.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
  const sampler = setInterval(sample, 250);
  const shopsBefore = shopsCpu();
  const haproxyBefore = processCpuMs(watched.haproxy) ?? 0;
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  try {
    const result = await work();
    sample();
    const wall = performance.now() - started;
    const bench = process.cpuUsage(benchBefore);
    return {
      result,
      maxRssMiB,
      cores: {
        shops: (shopsCpu() - shopsBefore) / wall,
        haproxy: ((processCpuMs(watched.haproxy) ?? 0) - haproxyBefore) / wall,
        bench: (bench.user + bench.system) / 1000 / wall,
      },
    };
  } finally {
    clearInterval(sampler);
  }
}

async function load(path: string, headers: Record<string, string>, watched: Watched): Promise<Measured> {
  // A second of warm-up first: fresh processes compile their hot paths and fill their caches.
  await autocannon({ url: origin + path, connections, duration: 1, headers });
  const { result, maxRssMiB, cores } = await watching(watched, () =>
    autocannon({ url: origin + path, connections, duration: seconds, headers }),
  );
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, maxRssMiB, cores };
}

async function untilAnswering(url: string): Promise<void> {
  // The first start builds the web app and the server bundle, which takes minutes on a busy machine.
  for (let attempt = 0; attempt < 3000; attempt += 1) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 5 minutes`);
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** deploy/run-local.sh with `count` processes, once HAProxy answers readiness; its children are the shops and HAProxy. */
async function startDeployment(count: number): Promise<{ watched: Watched; stop(): Promise<void> }> {
  const script = spawn('bash', [join(root, 'deploy', 'run-local.sh'), String(count)], {
    cwd: root,
    env: { ...process.env, ...shopEnvironment, SHOP_BIND: bind, FIRST_PORT: firstPort },
    // HAProxy logs every request on stdout; reading it here would take the load generator's CPU.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => stopped(script);
  try {
    await untilAnswering(`${origin}/api/ready/`);
    const children = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(script.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/));
    const shops = children.filter(([, command]) => command === 'node').map(([pid]) => Number(pid));
    const haproxy = children.find(([, command]) => command === 'haproxy')?.[0];
    if (shops.length !== count) throw new Error(`expected ${count} shop processes, found ${shops.length}`);
    return { watched: { shops, haproxy: haproxy === undefined ? undefined : Number(haproxy) }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The same HAProxy configuration with one bare server behind it, answering the listing's bytes. */
async function measureBaseline(listing: Buffer): Promise<Measured> {
  const bare = await startBareServer(new Map([['/api/shop/', listing]]), 'application/json; charset=utf-8');
  const config = join(dataDir, 'haproxy-baseline.cfg');
  writeFileSync(config, `${readFileSync(join(root, 'deploy', 'haproxy.cfg'), 'utf8')}  server bare1 127.0.0.1:${bare.port}\n`);
  const haproxy = spawn('haproxy', ['-db', '-f', config], {
    env: { ...process.env, SHOP_BIND: bind },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await untilAnswering(`${origin}/api/shop/`);
    // The bare server runs in this process, so its CPU shows under "bench".
    return await load('/api/shop/', {}, { shops: [], haproxy: haproxy.pid });
  } finally {
    await stopped(haproxy);
    bare.close();
  }
}

const cell = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);

function row(name: string, measured: Measured, first: Measured | undefined): string {
  const ratio = first ? `${(measured.requestsPerSecond / first.requestsPerSecond).toFixed(2)}×` : '';
  const { shops, haproxy, bench } = measured.cores;
  return (
    `${name.padEnd(28)}${cell(measured.requestsPerSecond, 8)}${cell(measured.p99, 8)}${ratio.padStart(8)}${cell(measured.maxRssMiB, 9)}` +
    `     ${shops.toFixed(2)} / ${haproxy.toFixed(2)} / ${bench.toFixed(2)}` +
    (measured.errors ? `  (${measured.errors} errors)` : '')
  );
}

console.log(`before: ${uptime()}`);
console.log(
  `PostgreSQL database ${databaseName}, HAProxy (deploy/haproxy.cfg, leastconn) on ${bind}, autocannon ${connections} connections, ${seconds} s per run after 1 s of warm-up`,
);
await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
await adminQuery(`CREATE DATABASE ${databaseName}`);
const setup = openDatabase(databaseUrl);
await migrateToLatest(setup.db);
await seedDatabase(setup.db);
// The catalogue's images too, as `npm run seed` does: otherwise the first process renders them at
// start and keeps sharp's memory (266 MiB RSS when ready, against 166 for the processes after it).
const store = await openMediaStore(loadConfig(shopEnvironment).media.store);
await ensureSeedMedia(store, setup.db).finally(() => store.close());
await setup.close();

const results = new Map<number, Map<string, Measured>>();
let listingBytes: Buffer | undefined;
try {
  for (const count of processCounts) {
    // Each count starts afresh on the same database, with the checkout variant restocked before the
    // processes start, so no process has a cached stock figure to be told about.
    const database = openDatabase(databaseUrl);
    const variant = await stockFirstVariant(database.db, stock);
    await database.close();
    const deployment = await startDeployment(count);
    try {
      const { watched } = deployment;
      const idleRssMiB = watched.shops.map((pid) => processRssMiB(pid) ?? 0);
      const listingAnswer = await fetch(`${origin}/api/shop/`, { headers: { 'accept-encoding': 'identity' } });
      const listing = Buffer.from(await listingAnswer.arrayBuffer());
      listingBytes ??= listing;
      const productId =
        (JSON.parse(listing.toString()) as { results: { products: { id: number }[] } }).results.products[0]?.id ?? variant.product_id;
      const measured = new Map<string, Measured>();
      measured.set('GET /api/shop/', await load('/api/shop/', {}, watched));
      measured.set(`GET /api/product/${productId}/`, await load(`/api/product/${productId}/`, {}, watched));
      measured.set('GET /shop (page, br)', await load('/shop', { 'accept-encoding': 'br' }, watched));

      const shoppers = await shoppersWithCarts(origin, variant, shoppersCount, 10);
      const { result: checkout, maxRssMiB, cores } = await watching(watched, () => checkOutAll(origin, shoppers, connections));
      const orders = checkout.statuses.get(200) ?? 0;
      measured.set('checkout (orders/s)', {
        requestsPerSecond: orders / checkout.seconds,
        p99: percentile(checkout.latencies, 0.99),
        errors: [...checkout.statuses].filter(([status]) => status >= 500).reduce((sum, [, times]) => sum + times, 0),
        maxRssMiB,
        cores,
      });
      // Stock changes reach every process within a second (LISTEN/NOTIFY); ask after that.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const left = await variantStock(origin, variant.product_id, variant.id);
      const correct = orders === stock && left === 0;
      if (!correct) process.exitCode = 1;

      const first = results.values().next().value;
      console.log(
        `\n${count} process${count === 1 ? '' : 'es'} (pids ${watched.shops.join(', ')}; HAProxy ${watched.haproxy ?? '?'}; ` +
          `RSS when ready ${idleRssMiB.map((rss) => rss.toFixed(0)).join(', ')} MiB)`,
      );
      console.log(
        `measure                        req/s  p99 ms ${`×N=${processCounts[0]}`.padStart(7)}  max RSS   CPU cores: shops / HAProxy / bench`,
      );
      for (const [name, figures] of measured) console.log(row(name, figures, first?.get(name)));
      console.log(
        `  checkout: ${[...checkout.statuses].map(([status, times]) => `${status}×${times}`).join(', ')} for ${shoppersCount} shoppers, ` +
          `${stock} in stock; oversell check ${correct ? 'OK' : 'FAILED'} (stock left ${left})`,
      );
      results.set(count, measured);
    } finally {
      await deployment.stop();
    }
  }

  if (listingBytes) {
    const baseline = await measureBaseline(listingBytes);
    console.log(
      `\nbaseline: bare node:http with the listing's ${(listingBytes.length / 1024).toFixed(1)} KB behind the same HAProxy (its CPU is under "bench")`,
    );
    console.log(row('GET /api/shop/ (bare)', baseline, undefined));
    console.log(
      '\nlisting as a share of the bare server: ' +
        [...results]
          .map(
            ([count, measured]) =>
              `${count}: ${(((measured.get('GET /api/shop/')?.requestsPerSecond ?? 0) / baseline.requestsPerSecond) * 100).toFixed(0)}%`,
          )
          .join(', '),
    );
  }
} finally {
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`after: ${uptime()}`);
}
