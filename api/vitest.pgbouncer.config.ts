import { defineConfig } from 'vitest/config';

/**
 * The pooler set: the server tests of what a transaction-mode pooler can break, run through
 * PgBouncer (transaction mode) in front of TEST_DATABASE_URL's PostgreSQL, behind a watch that fails
 * a file when a named statement or session state (a session advisory lock, PREPARE, LISTEN, SET)
 * reaches the pooler: the checkout (its pipelined last writes and COMMIT) and the in-stock
 * summaries refreshed after it, the timed jobs' leases and the jobs themselves, change notices
 * between processes (LISTEN goes direct), migrations, and several server processes on one database. The other files' queries are plain Kysely through the
 * same pool and gain nothing from the pooler but run time; POOLER_SET=all runs the whole server
 * suite behind the pooler.
 */
export default defineConfig({
  test: {
    include:
      process.env.POOLER_SET === 'all'
        ? ['src/**/*.test.ts', 'test/**/*.test.ts']
        : [
            'test/pgbouncer.test.ts',
            'src/modules/orders/checkout.routes.test.ts',
            'src/modules/orders/checkout-races.test.ts',
            'src/modules/inventory/stock-summaries.test.ts',
            'src/modules/orders/order-update-emails.test.ts',
            'src/modules/payments/payment-settlement.test.ts',
            'src/modules/currency/rates.processes.test.ts',
            'src/db/last-writes.test.ts',
            'src/db/migrations/*.test.ts',
            'src/timed-job.test.ts',
            'src/plugins/shop-changes.processes.test.ts',
            'test/server-processes.test.ts',
          ],
    globalSetup: ['test/pgbouncer-setup.ts', 'test/database-templates.ts'],
    setupFiles: ['test/pgbouncer-watch.ts'],
    pool: 'forks',
    // Each file has its own database and its own watch in front of the pooler: both cores run files
    // (Vitest's default on two cores is one worker).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
