import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Run behind PgBouncer by vitest.pgbouncer.config.ts (npm run test:pooler -w @threadline/api).
    exclude: [...configDefaults.exclude, 'test/pgbouncer.test.ts'],
    pool: 'forks',
    // Vitest's default leaves one core idle; each test file has its own database, so both cores run files.
    maxWorkers: 2,
    // A migrated and a seeded database made once, copied for each test shop.
    globalSetup: ['test/database-templates.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
