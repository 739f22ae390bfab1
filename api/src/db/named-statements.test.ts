import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsSentDuring } from '../../test/statements-sent.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './tables.ts';

const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});

afterAll(() => database.drop());

/** The texts PostgreSQL keeps prepared on this connection. */
const preparedTexts = async (connection: Kysely<Database>) =>
  (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(connection)).rows.map((row) => row.statement);

const subscribe = (connection: Kysely<Database>, email: string) =>
  connection
    .insertInto('newsletter_subscribers')
    .values({ email, email_normalized: email, first_name: 'Ann', created_at: new Date().toISOString(), unsubscribed_at: null })
    .execute();

const subscriberNamed = (connection: Kysely<Database>, email: string) =>
  connection.selectFrom('newsletter_subscribers').select('email').where('email_normalized', '=', email).executeTakeFirst();

describe.skipIf(!onPostgres)('queries the shop runs again and again, on PostgreSQL', () => {
  it('are prepared once per connection from their third run and answer each run with its own values', async () => {
    await database.handle.db.connection().execute(async (connection) => {
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) await subscribe(connection, email);
      const lookup = connection.selectFrom('newsletter_subscribers').select('email').where('email_normalized', '=', 'x').compile().sql;

      expect(await subscriberNamed(connection, 'a@example.com')).toEqual({ email: 'a@example.com' });
      expect(await subscriberNamed(connection, 'b@example.com')).toEqual({ email: 'b@example.com' });
      expect(await preparedTexts(connection)).not.toContain(lookup);

      expect(await subscriberNamed(connection, 'c@example.com')).toEqual({ email: 'c@example.com' });
      expect(await preparedTexts(connection)).toContain(lookup);
      expect(await subscriberNamed(connection, 'd@example.com')).toEqual({ email: 'd@example.com' });
      expect(await subscriberNamed(connection, 'nobody@example.com')).toBeUndefined();
    });
  });

  it('leave a query of every column unprepared, so a column a migration adds cannot break it', async () => {
    await database.handle.db.connection().execute(async (connection) => {
      const everyColumn = connection.selectFrom('newsletter_subscribers').selectAll().where('email_normalized', '=', 'x').compile().sql;
      for (let run = 0; run < 4; run += 1) {
        const row = await connection.selectFrom('newsletter_subscribers').selectAll().where('email_normalized', '=', 'a@example.com').executeTakeFirst();
        expect(row?.first_name).toBe('Ann');
      }
      expect(await preparedTexts(connection)).not.toContain(everyColumn);
    });
  });

  it('are kept to two hundred on one connection, however many kinds the shop runs', async () => {
    await database.handle.db.connection().execute(async (connection) => {
      // 250 texts, each run three times: a column list of a different length makes each its own.
      const columns = ['email', 'first_name', 'created_at'] as const;
      for (let kind = 0; kind < 250; kind += 1) {
        const picked = Array.from({ length: kind + 1 }, (_, index) => sql<string>`${sql.ref(columns[index % columns.length] ?? 'email')}`.as(`c${index}`));
        for (let run = 0; run < 3; run += 1) {
          const row = await connection.selectFrom('newsletter_subscribers').select(picked).where('email_normalized', '=', 'a@example.com').executeTakeFirst();
          expect(row?.c0).toBe('a@example.com');
        }
      }
      expect((await preparedTexts(connection)).length).toBe(200);
    });
  });
});

describe.skipIf(!onPostgres)("a transaction's BEGIN, on PostgreSQL", () => {
  // Its own pool: the connection the tests above filled with two hundred statements prepares no more.
  let shop: DatabaseHandle;
  beforeAll(() => {
    shop = openDatabase(database.url);
  });
  afterAll(() => shop.close());

  const renamed = (email: string, name: string) =>
    shop.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('newsletter_subscribers').set({ first_name: name }).where('email_normalized', '=', email).returning('first_name').executeTakeFirst();
      return updated?.first_name;
    });

  it('goes with the first statement once that is prepared, and the statement answers as it would alone', async () => {
    await subscribe(database.handle.db, 'begin@example.com');
    for (let run = 0; run < 3; run += 1) expect(await renamed('begin@example.com', `Warm ${run}`)).toBe(`Warm ${run}`);
    let answer: string | undefined;
    const sent = await statementsSentDuring(async () => {
      answer = await renamed('begin@example.com', 'Bea');
    });
    expect(answer).toBe('Bea');
    expect(sent).toEqual([expect.stringMatching(/^BEGIN;\nEXECUTE "w_[\w-]+"\('Bea', 'begin@example.com'\)$/), 'commit']);
    expect(await subscriberNamed(database.handle.db, 'begin@example.com')).toEqual({ email: 'begin@example.com' });
  });

  it('takes the first statement back with the rest when the transaction fails', async () => {
    const failing = shop.db.transaction().execute(async (trx) => {
      await trx.updateTable('newsletter_subscribers').set({ first_name: 'Never' }).where('email_normalized', '=', 'begin@example.com').returning('first_name').executeTakeFirst();
      throw new Error('the order failed');
    });
    await expect(failing).rejects.toThrow('the order failed');
    const row = await database.handle.db.selectFrom('newsletter_subscribers').select('first_name').where('email_normalized', '=', 'begin@example.com').executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Bea');
  });

  it('is never sent for a transaction that ran nothing', async () => {
    const sent = await statementsSentDuring(() => shop.db.transaction().execute(async () => 'nothing'));
    expect(sent).toEqual([]);
  });
});
