import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import type { DatabaseTemplates } from './database-templates.ts';

export interface TestDatabase {
  url: string;
  /** The same database without the pooler between (TEST_DATABASE_DIRECT_URL), else `url`. */
  directUrl: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** An empty database, or a copy of the run's migrated or seeded one (see database-templates.ts). */
export type TestDatabaseStart = 'empty' | keyof DatabaseTemplates;

/**
 * A fresh database for one test file: a temporary SQLite file, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database created there and dropped afterwards. With
 * TEST_DATABASE_DIRECT_URL as well, TEST_DATABASE_URL is a transaction-mode pooler in front of that
 * server (the pooler set, vitest.pgbouncer.config.ts): the shop's queries go through the pooler,
 * unnamed, and the database is created and dropped directly.
 */
export async function createTestDatabase(start: TestDatabaseStart = 'empty'): Promise<TestDatabase> {
  const template = start === 'empty' ? undefined : inject('databaseTemplates')[start];
  const pooledServerUrl = process.env.TEST_DATABASE_URL;
  if (pooledServerUrl?.startsWith('postgres')) {
    const serverUrl = process.env.TEST_DATABASE_DIRECT_URL ?? pooledServerUrl;
    const name = `threadline_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const named = (server: string) => {
      const url = new URL(server);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const url = named(pooledServerUrl);
    const handle = openDatabase(url, { namedStatements: process.env.TEST_DATABASE_DIRECT_URL === undefined });
    return {
      url,
      directUrl: named(serverUrl),
      handle,
      async drop() {
        await handle.close();
        const cleanup = new Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'threadline-test-'));
  const file = join(directory, 'shop.db');
  if (template) copyFileSync(template, file);
  const url = `sqlite:${file}`;
  const handle = openDatabase(url);
  return {
    url,
    directUrl: url,
    handle,
    async drop() {
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
