import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { openDatabase } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import { seedDatabase } from '../api/src/db/seed/seed.ts';
import { createProductStockRepository } from '../api/src/modules/inventory/product-stock.repository.ts';
import { startPgbouncer } from '../api/test/pooler.ts';

export interface BenchShop {
  origin: string;
  db: ReturnType<typeof openDatabase>['db'];
  close(): Promise<void>;
}

/** The real app listening on loopback over a fresh seeded database: SQLite in a temp dir, or a new PostgreSQL database. */
export async function startBenchShop(kind: 'sqlite' | 'postgres'): Promise<BenchShop> {
  const directory = mkdtempSync(join(tmpdir(), 'threadline-bench-'));
  let url = `sqlite:${join(directory, 'shop.db')}`;
  let dropDatabase = async () => undefined;
  if (kind === 'postgres') {
    const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `threadline_bench_${Date.now()}`;
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(server);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const cleanup = new Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  // BENCH_PGBOUNCER=1: the shop's queries go through PgBouncer in transaction mode (no named
  // statements), set up and LISTENing directly, as on a hosted PostgreSQL with its pooler.
  const directUrl = url;
  const pgbouncer = kind === 'postgres' && process.env.BENCH_PGBOUNCER === '1' ? await startPgbouncer(directUrl) : null;
  if (pgbouncer) {
    const pooled = new URL(directUrl);
    pooled.port = String(pgbouncer.port);
    url = pooled.toString();
    const setup = openDatabase(directUrl);
    await migrateToLatest(setup.db);
    await seedDatabase(setup.db);
    await setup.close();
  }
  const database = openDatabase(url, { namedStatements: !pgbouncer });
  if (!pgbouncer) {
    await migrateToLatest(database.db);
    await seedDatabase(database.db);
  }
  // Every bench shopper comes from loopback: the per-address limits would measure themselves.
  const config = loadConfig({
    DATA_DIR: directory,
    DATABASE_URL: url,
    ...(kind === 'postgres' ? { DATABASE_DIRECT_URL: directUrl } : {}),
    SECRET_KEY: 'bench-secret-key-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    // A bench that runs a mail server names it; the others write e-mails to the outbox.
    ...(process.env.BENCH_SMTP_URL ? { SMTP_URL: process.env.BENCH_SMTP_URL } : {}),
  });
  // BENCH_LOG_LEVEL=error shows the server's errors when a bench sees a 5xx.
  const logLevel = process.env.BENCH_LOG_LEVEL;
  const app = await buildApp({ config, database, ...(logLevel ? { logger: pino({ level: logLevel }) } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      await pgbouncer?.stop();
      await dropDatabase();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Gives the catalogue's first variant `stock` units (its product's stock row counted afresh) and returns it. */
export async function stockFirstVariant(db: BenchShop['db'], stock: number) {
  const variant = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'size', 'color'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable('product_variants').set({ stock }).where('id', '=', variant.id).execute();
  await createProductStockRepository(db).recount([variant.product_id]);
  return variant;
}

export interface Shopper {
  sessionKey: string;
  headers: Record<string, string>;
}

export async function newShopper(origin: string): Promise<Shopper> {
  const response = await fetch(`${origin}/api/csrf/`);
  const sessionKey = response.headers.get('x-session-key') ?? '';
  const { csrftoken } = (await response.json()) as { csrftoken: string };
  return {
    sessionKey,
    headers: {
      'content-type': 'application/json',
      'x-session-key': sessionKey,
      'x-csrftoken': csrftoken,
      cookie: `csrftoken=${csrftoken}`,
    },
  };
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}
