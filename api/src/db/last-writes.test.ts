import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { migrateToLatest } from './migrate.ts';

const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});

afterAll(() => database.drop());

const newsletter = (email: string) => ({ email, email_normalized: email, first_name: 'Ann', created_at: new Date().toISOString(), unsubscribed_at: null });
const emails = async () => (await database.handle.db.selectFrom('newsletter_subscribers').select('email').orderBy('email').execute()).map((row) => row.email);

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
      lastWrites: [trx.updateTable('newsletter_subscribers').set({ unsubscribed_at: '2026-11-26T00:00:00.000Z' }).where('email', '=', 'first@example.com').compile()],
    }));
    const row = await database.handle.db.selectFrom('newsletter_subscribers').select('unsubscribed_at').where('email', '=', 'first@example.com').executeTakeFirstOrThrow();
    expect(row.unsubscribed_at).toBe('2026-11-26T00:00:00.000Z');
  });
});

describe.skipIf(!onPostgres)('last writes the shop sends again and again, on PostgreSQL', () => {
  it('run from a statement the connection prepared once, each run with its own values', async () => {
    const written: string[] = [];
    let preparedHere: { name: string; statement: string }[] = [];
    for (let run = 0; run < 5; run += 1) {
      const email = `o'brien--\\${run}@example.com`;
      written.push(email);
      await database.handle.writeTransactionEndingWith(async (trx) => {
        // The pool hands back the connection just released: this is the one the earlier runs used.
        preparedHere = (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements WHERE from_sql`.execute(trx)).rows;
        return { result: null, lastWrites: [trx.insertInto('newsletter_subscribers').values(newsletter(email)).compile()] };
      });
    }
    expect(preparedHere).toEqual([expect.objectContaining({ name: expect.stringMatching(/^w_/), statement: expect.stringContaining('insert into "newsletter_subscribers"') })]);
    expect(await emails()).toEqual(expect.arrayContaining(written));
  });

  it('still commit when PostgreSQL cannot prepare one, with its values written in', async () => {
    for (let run = 0; run < 5; run += 1) {
      await database.handle.writeTransactionEndingWith(async (trx) => ({
        result: null,
        lastWrites: [
          // PREPARE cannot tell the type of a value only tested for null.
          sql`select ${`run ${run}`} is null`.compile(trx),
          trx.insertInto('newsletter_subscribers').values(newsletter(`unpreparable-${run}@example.com`)).compile(),
        ],
      }));
    }
    expect(await emails()).toEqual(expect.arrayContaining([0, 1, 2, 3, 4].map((run) => `unpreparable-${run}@example.com`)));
  });
});
