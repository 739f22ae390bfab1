import type { Kysely } from 'kysely';

/**
 * What checkout needs beyond the first model: the cart remembers its last checkout (so a retried
 * Place Order answers the order it already made), and the built-in test card provider keeps its
 * Stripe-shaped sessions in the database like everything else.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('carts').addColumn('last_order_id', 'integer').execute();
  await db.schema.alterTable('carts').addColumn('last_checkout_hash', 'varchar(64)').execute();
  await db.schema.alterTable('carts').addColumn('last_checkout_at', 'varchar(30)').execute();

  await db.schema
    .createTable('test_payment_sessions')
    .addColumn('id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('amount_total', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('client_reference_id', 'varchar(120)')
    .addColumn('customer_email', 'varchar(254)')
    .addColumn('description', 'varchar(300)', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('test_payment_sessions').ifExists().execute();
  for (const column of ['last_checkout_at', 'last_checkout_hash', 'last_order_id']) {
    await db.schema.alterTable('carts').dropColumn(column).execute();
  }
}
