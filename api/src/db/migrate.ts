import {
  Kysely,
  Migrator,
  NO_MIGRATIONS,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type MigrationResultSet,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001-initial.ts';
import * as productSearch from './migrations/0002-product-search.ts';
import * as checkout from './migrations/0003-checkout.ts';
import * as cartAddKeys from './migrations/0004-cart-add-keys.ts';
import * as confirmationMailed from './migrations/0005-confirmation-mailed.ts';
import * as variantFacets from './migrations/0006-variant-facets.ts';
import * as checkoutClaims from './migrations/0007-checkout-claims.ts';
import * as paymentExpiry from './migrations/0008-payment-expiry.ts';
import * as signInSessions from './migrations/0009-sign-in-sessions.ts';
import * as imageColours from './migrations/0010-image-colours.ts';
import * as newsletter from './migrations/0011-newsletter.ts';
import * as backOffice from './migrations/0012-back-office.ts';
import * as staffSecurity from './migrations/0013-staff-security.ts';
import * as stockAndChanges from './migrations/0015-stock-and-changes.ts';
import * as people from './migrations/0018-people.ts';
import * as catalogAdmin from './migrations/0014-catalog-admin.ts';
import * as shopSettings from './migrations/0019-shop-settings.ts';
import * as orderHandling from './migrations/0017-order-handling.ts';
import * as orderDaysAndNames from './migrations/0021-order-days-and-names.ts';
import * as productStock from './migrations/0020-product-stock.ts';
import * as changesByNotify from './migrations/0023-changes-by-notify.ts';
import * as optionStock from './migrations/0024-option-stock.ts';
import * as inStockOptions from './migrations/0025-in-stock-options.ts';
import * as orderUpdateEmails from './migrations/0026-order-update-emails.ts';
import * as refundsAskedAgain from './migrations/0027-refunds-asked-again.ts';
import * as countedWithOrders from './migrations/0029-counted-with-orders.ts';
import * as catalogImportRuns from './migrations/0030-catalog-import-runs.ts';
import * as refundsAndNumberTails from './migrations/0035-refunds-and-number-tails.ts';
import * as jobLeases from './migrations/0036-job-leases.ts';
import * as stockSummaryMark from './migrations/0037-stock-summary-mark.ts';
import * as bankTransfers from './migrations/0038-bank-transfers.ts';
import * as taxAndInvoiceNumbers from './migrations/0039-tax-and-invoice-numbers.ts';
import * as powertranzPayments from './migrations/0040-powertranz-payments.ts';
import * as reviews from './migrations/0042-reviews.ts';
import * as sharedCarts from './migrations/0043-shared-carts.ts';
import * as restockAlerts from './migrations/0044-restock-alerts.ts';
import * as deliveryMethods from './migrations/0045-delivery-methods.ts';
import * as deliveryProofs from './migrations/0046-delivery-proofs.ts';
import * as returns from './migrations/0047-returns.ts';

/** Migrations are listed here, not discovered on disk, so they work the same under tsx, tests and bundles. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-product-search': productSearch,
  '0003-checkout': checkout,
  '0004-cart-add-keys': cartAddKeys,
  '0005-confirmation-mailed': confirmationMailed,
  '0006-variant-facets': variantFacets,
  '0007-checkout-claims': checkoutClaims,
  '0008-payment-expiry': paymentExpiry,
  '0009-sign-in-sessions': signInSessions,
  '0010-image-colours': imageColours,
  '0011-newsletter': newsletter,
  '0012-back-office': backOffice,
  '0013-staff-security': staffSecurity,
  '0015-stock-and-changes': stockAndChanges,
  '0018-people': people,
  '0014-catalog-admin': catalogAdmin,
  '0019-shop-settings': shopSettings,
  '0017-order-handling': orderHandling,
  '0021-order-days-and-names': orderDaysAndNames,
  '0020-product-stock': productStock,
  '0023-changes-by-notify': changesByNotify,
  '0024-option-stock': optionStock,
  '0025-in-stock-options': inStockOptions,
  '0026-order-update-emails': orderUpdateEmails,
  '0027-refunds-asked-again': refundsAskedAgain,
  '0029-counted-with-orders': countedWithOrders,
  '0030-catalog-import-runs': catalogImportRuns,
  '0035-refunds-and-number-tails': refundsAndNumberTails,
  '0036-job-leases': jobLeases,
  '0037-stock-summary-mark': stockSummaryMark,
  '0038-bank-transfers': bankTransfers,
  '0039-tax-and-invoice-numbers': taxAndInvoiceNumbers,
  '0040-powertranz-payments': powertranzPayments,
  '0042-reviews': reviews,
  '0043-shared-carts': sharedCarts,
  '0044-restock-alerts': restockAlerts,
  '0045-delivery-methods': deliveryMethods,
  '0046-delivery-proofs': deliveryProofs,
  '0047-returns': returns,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The advisory lock migrations take on PostgreSQL: "THLN" and "MIGR". */
const migrationLock = [0x54484c4e, 0x4d494752] as const;

/** Kysely's adapter without its migration lock, a session-level one (see `migrating`). */
class TransactionLockedAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/**
 * Runs a Migrator on PostgreSQL in one transaction of ours that first takes a transaction-scoped
 * advisory lock, so two processes starting at once migrate one after the other. Kysely's own lock
 * is a session-level advisory lock taken outside its transaction: behind a transaction-mode pooler
 * (PgBouncer) it lands on any server connection and, when a migration fails, outlives it there.
 * On SQLite the Migrator runs as it comes.
 */
async function migrating(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return run(new Migrator({ db, provider }));
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      await sql`select pg_advisory_xact_lock(${migrationLock[0]}, ${migrationLock[1]})`.execute(connection);
      // This transaction's connection as a database of its own for the Migrator, which then begins no transaction.
      const inTransaction: DatabaseConnection = {
        executeQuery: <R>(query: CompiledQuery) => connection.executeQuery<R>(query as CompiledQuery<R>),
        streamQuery: () => {
          throw new Error('migrations stream no rows');
        },
      };
      const migrationDb = new Kysely<unknown>({
        dialect: {
          createAdapter: () => new TransactionLockedAdapter(),
          createIntrospector: (introspected) => new PostgresIntrospector(introspected),
          createQueryCompiler: () => new PostgresQueryCompiler(),
          createDriver: () => ({
            init: async () => undefined,
            acquireConnection: async () => inTransaction,
            beginTransaction: async () => undefined,
            commitTransaction: async () => undefined,
            rollbackTransaction: async () => undefined,
            releaseConnection: async () => undefined,
            destroy: async () => undefined,
          }),
        },
      });
      const result = await run(new Migrator({ db: migrationDb, provider, disableTransactions: true }));
      // A failed migration is answered, not thrown: none of the run is kept.
      await (result.error ? sql`rollback` : sql`commit`).execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migrating(db, (migrator) => migrator.migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * The migrations this code knows that the database has not run: a process must not serve before
 * they are. One small read (readiness asks every few seconds), not the Migrator's, which first
 * introspects every table.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const executed = new Set(rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !executed.has(name));
}

/** Undoes every migration: an empty database, ready to migrate and seed again. */
export async function resetDatabase(db: Db): Promise<void> {
  const { error } = await migrating(db, (migrator) => migrator.migrateTo(NO_MIGRATIONS));
  if (error) throw new Error(`Reset failed: ${String(error)}`);
}
