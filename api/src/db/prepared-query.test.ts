import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { DbExecutor } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { preparedQuery } from './prepared-query.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
  const now = new Date().toISOString();
  await database.handle.db
    .insertInto('guest_sessions')
    .values([
      { key_hash: 'first', user_id: null, created_at: now, last_seen_at: now },
      { key_hash: 'second', user_id: null, created_at: now, last_seen_at: now },
      { key_hash: 'third', user_id: null, created_at: now, last_seen_at: '2020-01-01T00:00:00.000Z' },
    ])
    .execute();
});

afterAll(() => database.drop());

const sessionByKey = preparedQuery((db: DbExecutor, keyHash: string) =>
  db.selectFrom('guest_sessions').select('key_hash').where('key_hash', '=', keyHash),
);

describe('a prepared query', () => {
  it('answers each call with its own values', async () => {
    const { db } = database.handle;
    expect(await sessionByKey.executeTakeFirst(db, 'second')).toEqual({ key_hash: 'second' });
    expect(await sessionByKey.executeTakeFirst(db, 'first')).toEqual({ key_hash: 'first' });
    expect(await sessionByKey.executeTakeFirst(db, 'nobody')).toBeUndefined();
  });

  it('keeps the constants written into the query beside the values', async () => {
    const seenSince = preparedQuery((db: DbExecutor, since: string) =>
      db
        .selectFrom('guest_sessions')
        .select('key_hash')
        .where('last_seen_at', '>=', since)
        .where('key_hash', '!=', 'first')
        .orderBy('key_hash')
        .limit(5),
    );
    const { db } = database.handle;
    expect(await seenSince.execute(db, '2000-01-01T00:00:00.000Z')).toEqual([{ key_hash: 'second' }, { key_hash: 'third' }]);
    expect(await seenSince.execute(db, '2021-01-01T00:00:00.000Z')).toEqual([{ key_hash: 'second' }]);
  });

  it('runs inside a transaction and sees what it wrote', async () => {
    const seen = await database.handle.writeTransaction(async (trx) => {
      const now = new Date().toISOString();
      await trx.insertInto('guest_sessions').values({ key_hash: 'in-transaction', user_id: null, created_at: now, last_seen_at: now }).execute();
      return sessionByKey.executeTakeFirst(trx, 'in-transaction');
    });
    expect(seen).toEqual({ key_hash: 'in-transaction' });
  });

  it('refuses a value that does not reach the SQL as one parameter', async () => {
    const listed = preparedQuery((db: DbExecutor, keyHash: string) =>
      db.selectFrom('guest_sessions').select('key_hash').where('key_hash', 'in', [keyHash, 'first']),
    );
    // An IN list still carries the value as one parameter, so that is allowed; a value that never
    // reaches the SQL is not.
    expect(await listed.execute(database.handle.db, 'second')).toHaveLength(2);
    const ignoring = preparedQuery((db: DbExecutor, _keyHash: string) => db.selectFrom('guest_sessions').select('key_hash'));
    await expect(ignoring.execute(database.handle.db, 'first')).rejects.toThrow('value 1 does not reach the SQL');
  });
});
