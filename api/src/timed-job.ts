import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
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

/** How long a run's lease lasts at most: a process that dies mid-run holds its job up this long. */
const defaultLeaseMs = 15 * 60_000;

/**
 * A shop-wide job (expiring orders, sweeping sessions, fetching rates, sending lost e-mails) that
 * one process runs at a time. On PostgreSQL a run first takes the job's lease row in one statement
 * of its own, runs without holding a connection (its queries borrow pooled ones as any request's
 * do, and none is held while it sends e-mail or fetches rates), then gives the lease back. A process
 * that finds the lease taken and not yet expired skips that run; a process that dies leaves its
 * lease to expire after `leaseMs`. Unlike a session advisory lock this works behind a
 * transaction-mode pooler (PgBouncer). A run longer than its lease may meet a second run, so each
 * job claims its rows one by one (as they all do). SQLite is served by one process, so there the job
 * simply runs. Answers whether this process ran it.
 */
export function oneProcessAtATime(
  database: DatabaseHandle,
  name: string,
  job: () => Promise<unknown>,
  { leaseMs = defaultLeaseMs }: { leaseMs?: number } = {},
): () => Promise<boolean> {
  if (database.dialect === 'sqlite') {
    return async () => {
      await job();
      return true;
    };
  }
  const { db } = database;
  return async () => {
    const holder = randomUUID();
    const now = new Date();
    const taken = await db
      .insertInto('job_leases')
      .values({ name, holder, expires_at: new Date(now.getTime() + leaseMs).toISOString() })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
          .where('job_leases.expires_at', '<=', now.toISOString()),
      )
      .returning('holder')
      .executeTakeFirst();
    if (!taken) return false;
    try {
      await job();
      return true;
    } finally {
      await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
    }
  };
}
