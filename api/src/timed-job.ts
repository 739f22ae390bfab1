import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from './db/database.ts';

/**
 * Runs a module's job every `everyMs` while the server runs, on this process; a failure is logged
 * and the next run tries again. A run still going when the next is due makes that one skip, so a
 * slow job never piles up behind itself. With `alsoAtStart` it also runs once as the server is
 * ready, without holding up the start. A job that must not run on several processes at once is
 * wrapped in `oneProcessAtATime`.
 */
export function runEvery(
  app: FastifyInstance,
  everyMs: number,
  failure: string,
  job: () => Promise<unknown>,
  { alsoAtStart = false }: { alsoAtStart?: boolean } = {},
) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    job()
      .catch((error: unknown) => app.log.error({ err: error }, failure))
      .finally(() => (running = false));
  };
  app.addHook('onReady', async () => {
    if (alsoAtStart) run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * The first key of every job lock ("THLN"), so the shop's locks cannot meet another program's
 * advisory locks on the same database; the second is the job's name hashed.
 */
const jobLockSpace = 0x54484c4e;

/**
 * A shop-wide job (expiring orders, sweeping sessions, fetching rates, sending lost e-mails) that
 * one process runs at a time. On PostgreSQL a run holds a session advisory lock named after the job
 * on one pooled connection, and a process that cannot take it skips that run (another is doing the
 * work now); a process that dies releases it with its connection. SQLite is served by one process,
 * so there the job simply runs. Answers whether this process ran it.
 */
export function oneProcessAtATime(database: DatabaseHandle, name: string, job: () => Promise<unknown>): () => Promise<boolean> {
  if (database.dialect === 'sqlite') {
    return async () => {
      await job();
      return true;
    };
  }
  return () =>
    database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${jobLockSpace}, hashtext(${name})) as locked`.execute(connection);
      if (!rows[0]?.locked) return false;
      try {
        await job();
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${jobLockSpace}, hashtext(${name}))`.execute(connection);
      }
    });
}
