import { Migrator, NO_MIGRATIONS, sql, type Migration, type MigrationProvider } from 'kysely';
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
import * as jobLeases from './migrations/0036-job-leases.ts';

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
  '0036-job-leases': jobLeases,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
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
  const { error } = await new Migrator({ db, provider }).migrateTo(NO_MIGRATIONS);
  if (error) throw new Error(`Reset failed: ${String(error)}`);
}
