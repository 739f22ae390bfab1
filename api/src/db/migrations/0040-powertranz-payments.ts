import type { Kysely } from 'kysely';

/**
 * PowerTranz's Hosted Payment Page (KINGSTON.md §1): a payment keeps the SpiToken its Sale was
 * given (the one its gateway response must name), the page the gateway sent to show the shopper
 * (RedirectData), and when one caller claimed its payment completion, which the gateway takes once.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').addColumn('provider_token', 'varchar(200)').execute();
  await db.schema.alterTable('payments').addColumn('hosted_page', 'text').execute();
  await db.schema.alterTable('payments').addColumn('completion_claimed_at', 'varchar(30)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('completion_claimed_at').execute();
  await db.schema.alterTable('payments').dropColumn('hosted_page').execute();
  await db.schema.alterTable('payments').dropColumn('provider_token').execute();
}
