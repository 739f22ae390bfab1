import type { AddressInput } from '@threadline/contracts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';

const addressColumns = [
  'id',
  'label',
  'street_address',
  'apartment',
  'city',
  'state',
  'postal_code',
  'country',
  'landmark',
  'is_default',
] as const;

export function createAddressesRepository(db: DbExecutor, dialect: DatabaseDialect) {
  return {
    /**
     * Holds one customer's address book until the transaction ends, so changes to it run one after
     * another: its rule (exactly one default) spans rows, and two set-defaults at once deadlocked on
     * PostgreSQL, each holding the row the other was about to change. SQLite's write transactions
     * already run one at a time.
     */
    async lock(userId: number, executor: DbExecutor) {
      if (dialect !== 'postgres') return;
      await executor.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    list: (userId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('addresses')
        .select(addressColumns)
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    find: (userId: number, id: number, executor: DbExecutor = db) =>
      executor.selectFrom('addresses').select(addressColumns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    async create(userId: number, input: Omit<AddressInput, 'is_default'>, isDefault: boolean, executor: DbExecutor = db) {
      const row = await executor
        .insertInto('addresses')
        .values({ user_id: userId, ...input, is_default: isDefault ? 1 : 0, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(userId: number, id: number, input: Omit<AddressInput, 'is_default'>, executor: DbExecutor = db) {
      await executor.updateTable('addresses').set(input).where('user_id', '=', userId).where('id', '=', id).execute();
    },

    async remove(userId: number, id: number, executor: DbExecutor = db) {
      await executor.deleteFrom('addresses').where('user_id', '=', userId).where('id', '=', id).execute();
    },

    /** Makes one address the default and every other address of the customer not. */
    async makeDefault(userId: number, id: number, executor: DbExecutor = db) {
      await executor.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('id', '!=', id).execute();
      await executor.updateTable('addresses').set({ is_default: 1 }).where('user_id', '=', userId).where('id', '=', id).execute();
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
