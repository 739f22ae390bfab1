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
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** An empty database, or a copy of the run's migrated or seeded one (see database-templates.ts). */
export type TestDatabaseStart = 'empty' | keyof DatabaseTemplates;

/**
 * A fresh database for one test file: a temporary SQLite file, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database created there and dropped afterwards.
 */
export async function createTestDatabase(start: TestDatabaseStart = 'empty'): Promise<TestDatabase> {
  const template = start === 'empty' ? undefined : inject('databaseTemplates')[start];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl?.startsWith('postgres')) {
    const name = `threadline_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = openDatabase(url.toString());
    return {
      url: url.toString(),
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
    handle,
    async drop() {
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
