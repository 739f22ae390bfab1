// Runs in the pooler set (vitest.pgbouncer.config.ts): TEST_DATABASE_URL is PgBouncer in transaction
// mode behind a statement watch, TEST_DATABASE_DIRECT_URL the PostgreSQL server itself.
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest, pendingMigrations } from '../src/db/migrate.ts';
import { announceChange } from '../src/plugins/shop-changes.ts';
import { oneProcessAtATime } from '../src/timed-job.ts';
import { createTestShop, type TestShop } from './helper.ts';
import { watchStatements } from './pooler.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

describe('the statement watch in front of PgBouncer', () => {
  it('notes a named statement and a session-level advisory lock, and lets unnamed bound queries pass', async () => {
    const watch = await watchStatements(inject('pgbouncerPort'));
    const url = new URL(inject('directServerUrl'));
    url.port = String(watch.port);
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query('select $1::int as one', [1]);
      expect(watch.violations()).toEqual([]);
      await client.query({ name: 'probe', text: 'select $1::int as one', values: [1] });
      await client.query('select pg_try_advisory_lock(42)');
      await client.query('select pg_advisory_unlock(42)');
    } finally {
      await client.end();
      await watch.close();
    }
    expect(watch.violations()).toEqual([
      expect.stringContaining('a named statement "probe"'),
      expect.stringContaining('a named statement "probe" bound'),
      expect.stringContaining('a session-level advisory lock'),
    ]);
  });
});

describe('through PgBouncer in transaction mode', () => {
  let database: TestDatabase;
  let otherProcess: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    otherProcess = openDatabase(database.url);
  });
  afterAll(async () => {
    await otherProcess?.close();
    await database?.drop();
  });

  it('migrates a fresh database, leaving no advisory lock behind', async () => {
    expect(database.url).not.toBe(database.directUrl);
    await migrateToLatest(database.handle.db);
    expect(await pendingMigrations(database.handle.db)).toEqual([]);
    const direct = new Client({ connectionString: database.directUrl });
    await direct.connect();
    try {
      // pg_locks spans the whole server: the other worker's files take advisory locks in their own databases.
      const { rows } = await direct.query(
        "select count(*)::int as locks from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      expect(rows[0]?.locks).toBe(0);
    } finally {
      await direct.end();
    }
  });

  it('runs a shop-wide job on one process at a time, with no connection held while it runs', async () => {
    let finish = () => undefined as void;
    const finished = new Promise<void>((done) => (finish = done));
    const running = oneProcessAtATime(database.handle, 'pooled job', () => finished)();
    await expect.poll(async () => (await database.handle.db.selectFrom('job_leases').select('name').execute()).length).toBe(1);
    expect(await oneProcessAtATime(otherProcess, 'pooled job', async () => undefined)()).toBe(false);
    const pool = database.handle.poolStats();
    expect(pool && pool.total - pool.idle).toBe(0);
    finish();
    expect(await running).toBe(true);
    expect(await oneProcessAtATime(otherProcess, 'pooled job', async () => undefined)()).toBe(true);
  });
});

describe('change notices with the pooler between', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ seed: false });
    await shop.ready();
  });
  afterAll(() => shop?.close());

  it('reach a process that listens on its direct connection, sent through the pooler by another', async () => {
    expect(shop.config.databaseDirectUrl).not.toBe(shop.config.databaseUrl);
    const heard: unknown[] = [];
    shop.app.changes.subscribe('promotions', (products) => heard.push(products));
    const importCommand = openDatabase(shop.config.databaseUrl);
    try {
      await announceChange(importCommand, 'promotions');
    } finally {
      await importCommand.close();
    }
    await expect.poll(() => heard).toEqual([null]);
    // The listener is a session of its own on the server, not a client of the pooler.
    const listening = await sql<{
      query: string;
    }>`select query from pg_stat_activity where application_name = 'threadline shop changes' and datname = current_database()`.execute(
      shop.database.handle.db,
    );
    expect(listening.rows.map((row) => row.query)).toEqual([expect.stringMatching(/^LISTEN /)]);
  });
});
