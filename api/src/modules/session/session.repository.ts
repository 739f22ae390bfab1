import type { DbExecutor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

export interface GuestSessionRow {
  id: number;
  user_id: number | null;
  last_seen_at: string;
}

// Every call of a guest reads its session first.
const sessionByKeyHash = preparedQuery((db: DbExecutor, keyHash: string) =>
  db.selectFrom('guest_sessions').select(['id', 'user_id', 'last_seen_at']).where('key_hash', '=', keyHash),
);

export function createSessionRepository(db: DbExecutor) {
  return {
    findByKeyHash(keyHash: string, executor: DbExecutor = db): Promise<GuestSessionRow | undefined> {
      return sessionByKeyHash.executeTakeFirst(executor, keyHash);
    },

    async create(keyHash: string, now: string, executor: DbExecutor = db): Promise<GuestSessionRow> {
      const row = await executor
        .insertInto('guest_sessions')
        .values({ key_hash: keyHash, user_id: null, created_at: now, last_seen_at: now })
        .returning(['id', 'user_id', 'last_seen_at'])
        .executeTakeFirstOrThrow();
      return row;
    },

    async touch(id: number, now: string, executor: DbExecutor = db): Promise<void> {
      await executor.updateTable('guest_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
