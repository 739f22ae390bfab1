import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';

/**
 * Where a test file's database is copied from: a migrated database and a seeded one, made once per
 * run. Migrating and seeding took about 2 s per test shop on PostgreSQL; a copy takes a tenth of it.
 * On PostgreSQL they are databases used as `CREATE DATABASE … TEMPLATE`, on SQLite files.
 */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Vitest's global set-up: makes the templates before any test file runs and drops them after the last. */
export default async function makeDatabaseTemplates(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl?.startsWith('postgres')) {
    const run = randomBytes(4).toString('hex');
    const templates = { migrated: `threadline_template_${run}_migrated`, seeded: `threadline_template_${run}_seeded` };
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const [kind, name] of Object.entries(templates)) {
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const handle = openDatabase(url.toString());
        await migrateToLatest(handle.db);
        if (kind === 'seeded') await seedDatabase(handle.db);
        // A template takes copies only while nobody is connected to it.
        await handle.close();
      }
    } finally {
      await admin.end();
    }
    project.provide('databaseTemplates', templates);
    return async () => {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      for (const name of Object.values(templates)) await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'threadline-templates-'));
  const templates = { migrated: join(directory, 'migrated.db'), seeded: join(directory, 'seeded.db') };
  for (const [kind, file] of Object.entries(templates)) {
    const handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db);
    if (kind === 'seeded') await seedDatabase(handle.db);
    // Closing checkpoints the write-ahead log into the file, so the file alone is the whole database.
    await handle.close();
  }
  project.provide('databaseTemplates', templates);
  return async () => rmSync(directory, { recursive: true, force: true });
}
