import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(async () => shop?.close());

describe('liveness and readiness', () => {
  it('are both ok on a reachable, current database', async () => {
    const health = await shop.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: shop.database.handle.dialect });
    const ready = await shop.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: shop.database.handle.dialect });
  });

  it('is not ready while the database lacks a migration this code has', async () => {
    const db = shop.database.handle.db;
    const last = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const migration = last.rows[0];
    if (!migration) throw new Error('no migration was run');
    await sql`delete from kysely_migration where name = ${migration.name}`.execute(db);
    try {
      const ready = await shop.app.inject({ method: 'GET', url: '/api/ready/' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'Database schema not current' });
      expect((await shop.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${migration.name}, ${migration.timestamp})`.execute(db);
    }
    expect((await shop.app.inject({ method: 'GET', url: '/api/ready/' })).statusCode).toBe(200);
  });

  it('fails readiness, not liveness, once the process drains, and requests are still served', async () => {
    shop.app.readiness.drain();
    const ready = await shop.app.inject({ method: 'GET', url: '/api/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'Shutting down' });
    expect((await shop.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url: '/api/shop/' })).statusCode).toBe(200);
  });
});
