import type { TestProject } from 'vitest/node';
import { startPgbouncer } from './pooler.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PgBouncer's port on 127.0.0.1 (transaction mode). */
    pgbouncerPort: number;
    /** The PostgreSQL server PgBouncer stands in front of. */
    directServerUrl: string;
  }
}

/** One PgBouncer for the pooler set (vitest.pgbouncer.config.ts), in front of TEST_DATABASE_URL. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl?.startsWith('postgres')) throw new Error('the pooler set runs on PostgreSQL: set TEST_DATABASE_URL=postgres://…');
  const pgbouncer = await startPgbouncer(serverUrl);
  project.provide('pgbouncerPort', pgbouncer.port);
  project.provide('directServerUrl', serverUrl);
  return () => pgbouncer.stop();
}
