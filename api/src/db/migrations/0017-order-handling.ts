import { sql, type Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * The back office handles orders. `order_status_history` keeps every status change with who made
 * it (null: the shopper, the card payment or the unpaid-order job) and when; `refunds` keeps every
 * refund, card or cash, with the provider's id. `orders.refunded_total` is what was refunded or is
 * being refunded: a refund is a guarded update on it, so two staff refunding at once never give
 * back more than was paid. The built-in card provider refunds part of a payment, several times.
 * The indexes serve the back office's order list, its filters and its search at a million orders.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_total', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('test_payment_sessions')
    .addColumn('amount_refunded', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`update test_payment_sessions set amount_refunded = amount_total where refunded_at is not null`.execute(db);

  await withId(db, 'order_status_history')
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (column) => column.notNull())
    .addColumn('note', 'varchar(500)', (column) => column.notNull().defaultTo(''))
    .addColumn('tracking_number', 'varchar(100)')
    .addColumn('staff_id', 'integer')
    .addColumn('staff_email', 'varchar(254)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order_idx').on('order_status_history').columns(['order_id', 'id']).execute();

  await withId(db, 'refunds')
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer')
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('reason', 'varchar(500)', (column) => column.notNull())
    .addColumn('method', 'varchar(20)', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('provider_refund_id', 'varchar(255)')
    .addColumn('staff_id', 'integer')
    .addColumn('staff_email', 'varchar(254)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').columns(['order_id', 'id']).execute();

  // The list is newest first; each filter has an index that already reads in that order.
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_payment_created_idx').on('orders').columns(['payment_status', 'created_at', 'id']).execute();
  // Search by e-mail and name ignores case: expression indexes, the same on SQLite and PostgreSQL.
  // The names' hold the time and id too, so the newest of thousands of matches need no row reads.
  await db.schema.createIndex('orders_email_lower_idx').on('orders').expression(sql`lower(email)`).execute();
  await db.schema.createIndex('orders_first_name_lower_idx').on('orders').expression(sql`lower(first_name), created_at, id`).execute();
  await db.schema.createIndex('orders_last_name_lower_idx').on('orders').expression(sql`lower(last_name), created_at, id`).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of [
    'orders_last_name_lower_idx',
    'orders_first_name_lower_idx',
    'orders_email_lower_idx',
    'orders_payment_created_idx',
    'orders_status_created_idx',
    'orders_created_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('order_status_history').execute();
  await db.schema.alterTable('test_payment_sessions').dropColumn('amount_refunded').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_total').execute();
}
