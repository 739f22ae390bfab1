import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { oneProcessAtATime } from './timed-job.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

let database: TestDatabase;
/** A second connection pool on the same database: what another server process has. */
let otherProcess: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
  otherProcess = openDatabase(database.url);
});
afterAll(async () => {
  await otherProcess?.close();
  await database?.drop();
});

/** A job that runs until `finish` is called, counting the runs going on at once. */
function slowJob(counter: { running: number; most: number; runs: number }) {
  let finish = () => undefined as void;
  const finished = new Promise<void>((done) => (finish = done));
  const job = async () => {
    counter.runs += 1;
    counter.running += 1;
    counter.most = Math.max(counter.most, counter.running);
    await finished;
    counter.running -= 1;
  };
  return { job, finish: () => finish() };
}

describe('a job run on one process at a time', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL?.startsWith('postgres'))(
    'on PostgreSQL runs on the process that takes its lease; the others skip that run, and take it once it is given back',
    async () => {
      const counter = { running: 0, most: 0, runs: 0 };
      const { job, finish } = slowJob(counter);
      const here = oneProcessAtATime(database.handle, 'sweep', job);
      const there = oneProcessAtATime(otherProcess, 'sweep', job);

      const first = here();
      await expect.poll(() => counter.running).toBe(1);
      expect(await there()).toBe(false);
      expect(await oneProcessAtATime(otherProcess, 'another job', async () => undefined)()).toBe(true);
      finish();
      expect(await first).toBe(true);
      expect(await there()).toBe(true);
      expect(counter).toEqual({ running: 0, most: 1, runs: 2 });
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL?.startsWith('postgres'))('on PostgreSQL gives its lease back when the job fails', async () => {
    const failing = oneProcessAtATime(database.handle, 'failing', async () => {
      throw new Error('the job failed');
    });
    await expect(failing()).rejects.toThrow('the job failed');
    expect(await oneProcessAtATime(otherProcess, 'failing', async () => undefined)()).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL?.startsWith('postgres'))(
    'on PostgreSQL holds no pooled connection while the job runs',
    async () => {
      const counter = { running: 0, most: 0, runs: 0 };
      const { job, finish } = slowJob(counter);
      const run = oneProcessAtATime(database.handle, 'waits on the network', job)();
      await expect.poll(() => counter.running).toBe(1);
      const pool = database.handle.poolStats();
      expect(pool && pool.total - pool.idle).toBe(0);
      finish();
      expect(await run).toBe(true);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL?.startsWith('postgres'))(
    'on PostgreSQL takes over the lease of a process that died once it expires',
    async () => {
      const dead = { name: 'orphaned', holder: 'a process that died' };
      await database.handle.db
        .insertInto('job_leases')
        .values({ ...dead, expires_at: new Date(Date.now() + 60_000).toISOString() })
        .execute();
      let runs = 0;
      const job = oneProcessAtATime(otherProcess, 'orphaned', async () => void (runs += 1));
      expect(await job()).toBe(false);
      await database.handle.db
        .updateTable('job_leases')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .where('name', '=', 'orphaned')
        .execute();
      expect(await job()).toBe(true);
      expect(runs).toBe(1);
      // Given back after the run.
      expect(await database.handle.db.selectFrom('job_leases').selectAll().where('name', '=', 'orphaned').execute()).toEqual([]);
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))('on SQLite (one process) simply runs', async () => {
    let runs = 0;
    expect(await oneProcessAtATime(database.handle, 'sweep', async () => void (runs += 1))()).toBe(true);
    expect(runs).toBe(1);
  });
});
