import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { oneProcessAtATime } from './timed-job.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

let database: TestDatabase;
/** A second connection pool on the same database: what another server process has. */
let otherProcess: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
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
    'on PostgreSQL runs on the process that takes its lock; the others skip that run, and take it once it is free',
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

  it.skipIf(!process.env.TEST_DATABASE_URL?.startsWith('postgres'))('on PostgreSQL frees its lock when the job fails', async () => {
    const failing = oneProcessAtATime(database.handle, 'failing', async () => {
      throw new Error('the job failed');
    });
    await expect(failing()).rejects.toThrow('the job failed');
    expect(await oneProcessAtATime(otherProcess, 'failing', async () => undefined)()).toBe(true);
  });

  it.skipIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))('on SQLite (one process) simply runs', async () => {
    let runs = 0;
    expect(await oneProcessAtATime(database.handle, 'sweep', async () => void (runs += 1))()).toBe(true);
    expect(runs).toBe(1);
  });
});
