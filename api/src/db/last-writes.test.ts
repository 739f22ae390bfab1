import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});

afterAll(() => database.drop());

const newsletter = (email: string) => ({
  email,
  email_normalized: email,
  first_name: 'Ann',
  created_at: new Date().toISOString(),
  unsubscribed_at: null,
});
const emails = async () =>
  (await database.handle.db.selectFrom('newsletter_subscribers').select('email').orderBy('email').execute()).map((row) => row.email);

describe('a transaction ending with last writes', () => {
  it('commits its work and its last writes, values written as the database would bind them', async () => {
    const awkward = "o'brien--\\x@example.com";
    const result = await database.handle.writeTransactionEndingWith(async (trx) => {
      await trx.insertInto('newsletter_subscribers').values(newsletter('first@example.com')).execute();
      return { result: 'placed', lastWrites: [trx.insertInto('newsletter_subscribers').values(newsletter(awkward)).compile()] };
    });
    expect(result).toBe('placed');
    expect(await emails()).toEqual(['first@example.com', awkward]);
  });

  it('writes nothing, neither its work nor any last write, when a last write fails', async () => {
    const before = await emails();
    const refused = database.handle.writeTransactionEndingWith(async (trx) => {
      await trx.insertInto('newsletter_subscribers').values(newsletter('second@example.com')).execute();
      return {
        result: 'placed',
        lastWrites: [
          trx.insertInto('newsletter_subscribers').values(newsletter('third@example.com')).compile(),
          // The e-mail is unique: the database refuses this one.
          trx.insertInto('newsletter_subscribers').values(newsletter('first@example.com')).compile(),
          trx.insertInto('newsletter_subscribers').values(newsletter('fourth@example.com')).compile(),
        ],
      };
    });
    await expect(refused).rejects.toThrow(/unique|UNIQUE/);
    expect(await emails()).toEqual(before);
  });

  it('leaves the connection ready for the next transaction after a failure', async () => {
    await database.handle.writeTransactionEndingWith(async (trx) => ({
      result: null,
      lastWrites: [
        trx
          .updateTable('newsletter_subscribers')
          .set({ unsubscribed_at: '2026-11-26T00:00:00.000Z' })
          .where('email', '=', 'first@example.com')
          .compile(),
      ],
    }));
    const row = await database.handle.db
      .selectFrom('newsletter_subscribers')
      .select('unsubscribed_at')
      .where('email', '=', 'first@example.com')
      .executeTakeFirstOrThrow();
    expect(row.unsubscribed_at).toBe('2026-11-26T00:00:00.000Z');
  });
});

describe.skipIf(!onPostgres)('statements on PostgreSQL', () => {
  it('are named statements of the driver, prepared once per connection, when the handle is asked to name them', async () => {
    // Directly: behind a transaction-mode pooler (the pooler set) names are not sent.
    const named = openDatabase(database.directUrl, { namedStatements: true });
    try {
      const seen = await named.db.connection().execute(async (connection) => {
        for (const email of ['named-1@example.com', 'named-2@example.com'])
          await connection.insertInto('newsletter_subscribers').values(newsletter(email)).execute();
        return (
          await sql<{ statement: string; from_sql: boolean }>`SELECT statement, from_sql FROM pg_prepared_statements`.execute(connection)
        ).rows;
      });
      // One statement for both inserts, prepared at the protocol level (no PREPARE in SQL text).
      expect(seen.filter((row) => row.statement.startsWith('insert into "newsletter_subscribers"'))).toEqual([
        expect.objectContaining({ from_sql: false }),
      ]);
    } finally {
      await named.close();
    }
  });

  it('are never named by a handle that is not asked to (a transaction-mode pooler between)', async () => {
    const unnamed = openDatabase(database.url);
    try {
      const seen = await unnamed.db.connection().execute(async (connection) => {
        await connection.insertInto('newsletter_subscribers').values(newsletter('unnamed@example.com')).execute();
        return (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(connection)).rows;
      });
      expect(seen).toEqual([]);
    } finally {
      await unnamed.close();
    }
  });
});
