// The back office's product list at 100,000 products on SQLite (issue 16: p99 < 50 ms at one
// connection), beside GET /api/health/ and the storefront's /api/shop/ in the same run as baselines.
// Then the storefront's listings once more with migration 0014's indexes dropped: its catalogue must
// not get slower for them.
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { openDatabase } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import { seedDatabase } from '../api/src/db/seed/seed.ts';
import { addGeneratedProducts } from './catalog-data.ts';
import { newShopper } from './shop-fixture.ts';

const here = dirname(fileURLToPath(import.meta.url));
const size = Number(process.env.BENCH_SIZE ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const target = 50;

const directory = join(here, '.tmp');
mkdirSync(directory, { recursive: true });
// Made afresh every run: the bench drops indexes from it at the end.
const file = join(directory, `admin-catalog-${size}.db`);
rmSync(file, { force: true });
{
  const started = performance.now();
  const setup = openDatabase(`sqlite:${file}`);
  await migrateToLatest(setup.db);
  await seedDatabase(setup.db);
  await addGeneratedProducts(setup.db, size);
  // A shop's list holds drafts and archived products too: one in ten of each.
  await sql`update products set status = 'draft', is_active = 0 where id % 10 = 3`.execute(setup.db);
  await sql`update products set status = 'archived', is_active = 0 where id % 10 = 7`.execute(setup.db);
  await setup.close();
  console.log(`generated ${size} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const database = openDatabase(`sqlite:${file}`);
const config = loadConfig({
  DATA_DIR: directory,
  SECRET_KEY: 'bench-secret-key-long-enough-0123456789',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_SCALE: '1000',
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

// A staff member signed in as the back office signs in: the storefront's sign-up, then the role.
const shopper = await newShopper(origin);
const email = `bench-staff-${Date.now()}@threadline.test`;
const registered = await fetch(`${origin}/api/users/auth/register/`, {
  method: 'POST',
  headers: shopper.headers,
  body: JSON.stringify({ first_name: 'Bench', last_name: 'Staff', email, password1: 'bench-password-1', password2: 'bench-password-1' }),
});
const { token } = (await registered.json()) as { token: string };
await database.db.updateTable('users').set({ role: 'staff' }).where('email', '=', email).execute();
const staffHeaders = { authorization: `Bearer ${token}` };

const category = await database.db
  .selectFrom('categories')
  .select('id')
  .where('parent_id', 'is', null)
  .orderBy('id')
  .executeTakeFirstOrThrow();

async function measure(path: string, headers: Record<string, string> = {}) {
  const check = await fetch(origin + path, { headers });
  if (!check.ok) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
  const result = await autocannon({ url: origin + path, connections: 1, duration: seconds, headers });
  if (result.errors + result.non2xx > 0) throw new Error(`${path}: ${result.errors + result.non2xx} failed requests`);
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

const row = (name: string, figures: { p50: number; p99: number }, goal?: number) =>
  console.log(
    `${name.padEnd(44)} ${String(figures.p50).padStart(6)} ${String(figures.p99).padStart(7)}  ${goal === undefined ? 'baseline' : figures.p99 < goal ? 'met' : 'MISSED'}`,
  );

console.log(`\n${size.toLocaleString('en-US')} products (SQLite, ${seconds} s per run, 1 connection)`);
console.log('call                                          p50 ms  p99 ms  target p99 < 50 ms');
row('baseline: GET /api/health/', await measure('/api/health/'));
row('baseline: storefront GET /api/shop/', await measure('/api/shop/'));
const adminCalls = [
  ['list (newest first)', '/api/admin/products/'],
  ['search "kingston runner"', '/api/admin/products/?search=kingston%20runner'],
  ['search by SKU', '/api/admin/products/?search=G-5000-1'],
  [`category ${category.id} (with its children)`, `/api/admin/products/?category=${category.id}`],
  ['status=draft', '/api/admin/products/?status=draft'],
  ['stock=low', '/api/admin/products/?stock=low'],
  ['stock=out', '/api/admin/products/?stock=out'],
  ['stock=out, page 40', '/api/admin/products/?stock=out&page=40'],
  ['name sort', '/api/admin/products/?sort=name'],
] as const;
for (const [name, path] of adminCalls) row(`admin ${name}`, await measure(path, staffHeaders), target);

// The storefront's listings with and without this migration's indexes, in the same run.
const storefront = [
  ['shop: first page', '/api/shop/'],
  ['shop: category + price sort', '/api/shop/?category=running-sneakers&sort=price_low'],
  ['shop: search', '/api/shop/?search=kingston%20run'],
  ['shop: page 50, best sellers', '/api/shop/?page=50&sort=best_sellers'],
] as const;
const withIndexes = [];
for (const [, path] of storefront) withIndexes.push(await measure(path));
for (const index of [
  'products_admin_created_idx',
  'products_admin_status_idx',
  'products_admin_category_idx',
  'products_admin_name_idx',
  'product_variants_stock_idx',
]) {
  await sql.raw(`drop index ${index}`).execute(database.db);
}
console.log('\nstorefront                                 p99 ms with 0014 indexes   without');
for (const [position, [name, path]] of storefront.entries()) {
  const without = await measure(path);
  console.log(`${name.padEnd(44)} ${String(withIndexes[position]?.p99).padStart(6)}  ${String(without.p99).padStart(16)}`);
}

await app.close();
await database.close();
rmSync(file, { force: true });
