import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Run behind PgBouncer by vitest.pgbouncer.config.ts (npm run test:pooler -w @threadline/api).
    exclude: [...configDefaults.exclude, 'test/pgbouncer.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
