// The back office's order list at 1,000,000 orders on SQLite: the real app on loopback under
// autocannon at one connection (what one member of staff waits), for the list, each filter and each
// kind of search, beside a bare node:http server answering the very same bytes in the same run (the
// floor of any HTTP answer). Target: p99 < 50 ms at one connection. BENCH_ORDERS sets the size;
// BENCH_KEEP_DATA=true keeps the generated file for the next run (migrated to the latest schema when
// it is opened again).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { openDatabase, type Db } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';

const here = dirname(fileURLToPath(import.meta.url));
const size = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);

// Common Jamaican first and last names: a last name is shared by one order in ~60, as in life.
const firstNames = [
  'Ayesha',
  'Kemar',
  'Shanique',
  'Devon',
  'Tanya',
  'Andre',
  'Kerry-Ann',
  'Marlon',
  'Simone',
  'Omar',
  'Latoya',
  'Jermaine',
  'Nadine',
  'Dwayne',
  'Tashana',
  'Ricardo',
  'Camille',
  'Damion',
  'Keisha',
  'Romaine',
];
const lastNames = [
  'Brown',
  'Campbell',
  'Williams',
  'Thompson',
  'Smith',
  'Johnson',
  'Clarke',
  'Reid',
  'Grant',
  'Morgan',
  'Francis',
  'Henry',
  'Lewis',
  'Walker',
  'Gordon',
  'Wright',
  'Stewart',
  'Robinson',
  'Bailey',
  'Allen',
  'McKenzie',
  'Palmer',
  'Powell',
  'Green',
  'Hall',
  'Scott',
  'Edwards',
  'Miller',
  'Davis',
  'Morris',
  'Gayle',
  'Ellis',
  'Barrett',
  'Spence',
  'Forbes',
  'Samuels',
  'Daley',
  'Nelson',
  'Richards',
  'Shaw',
  'Bennett',
  'Hamilton',
  'Mitchell',
  'Wilson',
  'Graham',
  'Watson',
  'Lawrence',
  'Chambers',
  'Anderson',
  'Blake',
  'Murray',
  'Dixon',
  'Harris',
  'Jackson',
  'Lindo',
  'Ferguson',
  'Bryan',
  'Gooden',
  'Facey',
  'Rowe',
];
const statuses = ['pending', 'processing', 'shipped', 'delivered', 'delivered', 'delivered', 'delivered', 'cancelled'] as const;
const start = Date.parse('2024-01-01T00:00:00Z');
const span = Date.parse('2026-11-01T00:00:00Z') - start;

/** 1,000,000 orders in multi-row inserts, oldest first, so ids follow time as in a real shop. */
async function generateOrders(db: Db, count: number) {
  const batch = 500;
  for (let first = 0; first < count; first += batch) {
    const rows = [];
    for (let index = first; index < Math.min(count, first + batch); index += 1) {
      const status = statuses[index % statuses.length] ?? 'delivered';
      const cash = index % 3 === 0;
      const createdAt = new Date(start + Math.floor((span * index) / count)).toISOString();
      const firstName = firstNames[(index * 7) % firstNames.length] ?? 'Ayesha';
      const lastName = lastNames[(index * 13) % lastNames.length] ?? 'Brown';
      const total = 1000 + ((index * 7919) % 5_000_000);
      rows.push({
        order_number: `TL-${createdAt.slice(2, 4)}${createdAt.slice(5, 7)}${createdAt.slice(8, 10)}-${index.toString(36).toUpperCase().padStart(5, '0')}`,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}${index % 5000}@example.com`,
        first_name: firstName,
        last_name: lastName,
        phone: '876 555 0100',
        status,
        payment_status:
          status === 'pending'
            ? 'PENDING'
            : status === 'cancelled'
              ? cash
                ? 'PENDING'
                : 'REFUNDED'
              : cash && status !== 'delivered'
                ? 'PENDING'
                : 'COMPLETED',
        payment_method: cash ? 'cash_on_delivery' : 'stripe',
        shipping_method: index % 4 === 0 ? 'pickup' : 'delivery',
        address_line1: '12 Hope Road',
        address_line2: '',
        city: 'Kingston',
        parish: 'St. Andrew',
        postal_code: '',
        country: 'Jamaica',
        subtotal: total,
        discount_amount: 0,
        shipping_cost: 0,
        tax_amount: 0,
        total,
        refunded_total: 0,
        currency: 'JMD',
        exchange_rate: '1',
        created_at: createdAt,
        updated_at: createdAt,
      } as const);
    }
    await db.insertInto('orders').values(rows).execute();
  }
  await sql`analyze`.execute(db);
}

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: 1, duration: seconds, pipelining: 1, headers });
  return { p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const directory = join(here, '.tmp');
mkdirSync(directory, { recursive: true });
const file = join(directory, `admin-orders-${size}.db`);
if (!existsSync(file)) {
  const started = performance.now();
  const setup = openDatabase(`sqlite:${file}`);
  await migrateToLatest(setup.db);
  await generateOrders(setup.db, size);
  await setup.close();
  console.log(`generated ${size.toLocaleString('en-US')} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const database = openDatabase(`sqlite:${file}`);
const migrating = performance.now();
await migrateToLatest(database.db);
console.log(`migrations to the latest schema: ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
const config = loadConfig({
  DATA_DIR: directory,
  SECRET_KEY: 'bench-secret-key-long-enough-0123456789',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_SCALE: '1000',
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

// A member of staff, signed in as the back office is.
const email = `bench-staff-${Date.now()}@threadline.test`;
const csrf = await fetch(`${origin}/api/csrf/`);
const sessionKey = csrf.headers.get('x-session-key') ?? '';
const csrfToken = /csrftoken=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
const register = await fetch(`${origin}/api/users/auth/register/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-session-key': sessionKey, 'x-csrftoken': csrfToken, cookie: `csrftoken=${csrfToken}` },
  body: JSON.stringify({ first_name: 'Marcia', last_name: 'Reid', email, password1: 'bench-password-42', password2: 'bench-password-42' }),
});
const { token } = (await register.json()) as { token: string };
await database.db.updateTable('users').set({ role: 'staff' }).where('email', '=', email).execute();
const headers = { authorization: `Bearer ${token}`, 'x-session-key': sessionKey };

const middle = await database.db
  .selectFrom('orders')
  .select(['order_number', 'email', 'first_name', 'last_name'])
  .where('id', '=', Math.floor(size / 2))
  .executeTakeFirstOrThrow();
// Here a first name fixes the last name's place in the cycle of 60, so a full name that exists is
// shared by one order in 60 (16,667 of a million), as common as a last name: the worst case.
const fullName = encodeURIComponent(`${middle.first_name} ${middle.last_name}`.toLowerCase());
const endpoints = [
  ['list, newest first', '/api/admin/orders/'],
  ['list, page 200', '/api/admin/orders/?page=200'],
  ['status = shipped', '/api/admin/orders/?status=shipped'],
  ['payment = PENDING', '/api/admin/orders/?payment_status=PENDING'],
  ['a month (from, to)', '/api/admin/orders/?from=2025-03-01&to=2025-03-31'],
  ['status + a month', '/api/admin/orders/?status=delivered&from=2025-03-01&to=2025-03-31'],
  ['search: order number', `/api/admin/orders/?search=${middle.order_number}`],
  ['search: e-mail', `/api/admin/orders/?search=${encodeURIComponent(middle.email)}`],
  ['search: first name', `/api/admin/orders/?search=${encodeURIComponent(middle.first_name.toLowerCase())}`],
  ['search: last name', '/api/admin/orders/?search=thompson'],
  ['search: last name + status', '/api/admin/orders/?search=thompson&status=processing'],
  ['search: first + last name', `/api/admin/orders/?search=${fullName}`],
  ['search: a name nobody has', '/api/admin/orders/?search=shanique%20thompson'],
] as const;

console.log(`\n${size.toLocaleString('en-US')} orders (SQLite, ${seconds} s per run, 1 connection)`);
console.log('call                           p50 ms  p99 ms  target   bare server p50/p99 ms');
for (const [name, path] of endpoints) {
  const answer = await fetch(origin + path, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${body.toString()}`);
  const shop = await measure(origin + path, headers);
  const bare = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const floor = await measure(`http://127.0.0.1:${(bare.address() as AddressInfo).port}${path}`, {});
  bare.close();
  console.log(
    `${name.padEnd(30)} ${String(shop.p50).padStart(6)} ${String(shop.p99).padStart(7)}  ${(shop.p99 < 50 ? 'met' : 'MISSED').padEnd(7)}  ${floor.p50}/${floor.p99}` +
      (shop.errors ? `  (${shop.errors} errors)` : ''),
  );
}
await app.close();
await database.close();
if (process.env.BENCH_KEEP_DATA !== 'true') rmSync(file, { force: true });
