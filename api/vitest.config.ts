import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that replace a module with `vi.mock` (fastify, to list every route an app registers:
 * test/registered-routes.ts). A mock applies only to a module imported after it, so these files
 * each import the app afresh in a worker of their own.
 */
const filesThatMock = [
  'test/api-docs.test.ts',
  // Hostile input walked as three callers, a file each, so that the walks share both cores.
  'test/hostile-input.*.test.ts',
  'test/numeric-input.test.ts',
  'src/plugins/admin-guard.test.ts',
];

const include = ['src/**/*.test.ts', 'test/**/*.test.ts'];
// Run behind PgBouncer by vitest.pgbouncer.config.ts (npm run test:pooler -w @threadline/api).
const exclude = [...configDefaults.exclude, 'test/pgbouncer.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default leaves one core idle; each test file has its own database, so both cores run files.
    maxWorkers: 2,
    // A migrated and a seeded database made once, copied for each test shop.
    globalSetup: ['test/database-templates.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Every other file runs in a worker that has already imported the app: a 12-file sample
        // spent 176 s importing with a fresh worker per file, 55 s this way (vitest's import time). Each file still builds its own app on its own database
        // (test/helper.ts), so what a file changes stays in its shop.
        test: { name: 'server', include, exclude: [...exclude, ...filesThatMock], isolate: false },
      },
      { extends: true, test: { name: 'server (mocks fastify)', include: filesThatMock, exclude } },
    ],
  },
});
