import type { Kysely } from 'kysely';

/**
 * A card payment can no longer be taken for an order that will not be fulfilled. A payment that
 * still arrives for a cancelled order, or for an order another session already paid, is refunded:
 * the payment remembers why and the provider's refund. The built-in test card provider's sessions
 * expire like Stripe's, are paid through a payment intent, and can be refunded.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite adds only one at a time.
  await db.schema.alterTable('payments').addColumn('refund_reason', 'varchar(30)').execute();
  await db.schema.alterTable('payments').addColumn('provider_refund_id', 'varchar(255)').execute();
  await db.schema.alterTable('test_payment_sessions').addColumn('expires_at', 'varchar(30)').execute();
  await db.schema.alterTable('test_payment_sessions').addColumn('payment_intent', 'varchar(80)').execute();
  await db.schema.alterTable('test_payment_sessions').addColumn('refunded_at', 'varchar(30)').execute();
  await db.schema
    .createIndex('test_payment_sessions_payment_intent_unique')
    .on('test_payment_sessions')
    .column('payment_intent')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('test_payment_sessions_payment_intent_unique').ifExists().execute();
  for (const column of ['refunded_at', 'payment_intent', 'expires_at']) {
    await db.schema.alterTable('test_payment_sessions').dropColumn(column).execute();
  }
  for (const column of ['provider_refund_id', 'refund_reason']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
