import type { DbExecutor } from '../../db/database.ts';

export interface GuestSessionRow {
  id: number;
  user_id: number | null;
  last_seen_at: string;
}

// Every call of a guest reads its session first.
const sessionByKeyHash = (db: DbExecutor, keyHash: string) =>
  db.selectFrom('guest_sessions').select(['id', 'user_id', 'last_seen_at']).where('key_hash', '=', keyHash);

export function createSessionRepository(db: DbExecutor) {
  return {
    findByKeyHash(keyHash: string, executor: DbExecutor = db): Promise<GuestSessionRow | undefined> {
      return sessionByKeyHash(executor, keyHash).executeTakeFirst();
    },

    /** The session of a key hash, stored now if it was not yet; two first writes at once share one row. */
    async findOrCreate(keyHash: string, now: string, executor: DbExecutor = db): Promise<GuestSessionRow> {
      await executor
        .insertInto('guest_sessions')
        .values({ key_hash: keyHash, user_id: null, created_at: now, last_seen_at: now })
        .onConflict((conflict) => conflict.column('key_hash').doNothing())
        .execute();
      const row = await sessionByKeyHash(executor, keyHash).executeTakeFirst();
      if (!row) throw new Error('guest session not stored');
      return row;
    },

    /** Sessions started before `before` that hold no cart and placed no order: they never did anything. */
    async deleteUnused(before: string, executor: DbExecutor = db): Promise<number> {
      const result = await executor
        .deleteFrom('guest_sessions')
        .where('created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('carts').select('carts.id').whereRef('carts.session_id', '=', 'guest_sessions.id'))),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('orders').select('orders.id').whereRef('orders.session_id', '=', 'guest_sessions.id'))),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async touch(id: number, now: string, executor: DbExecutor = db): Promise<void> {
      await executor.updateTable('guest_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
