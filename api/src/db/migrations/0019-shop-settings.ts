import type { Kysely } from 'kysely';

/**
 * The owner's settings (delivery fees, free-delivery threshold, tax rate, store details) as one row
 * of JSON, checked by the contracts' schema on the way in and out: the shop reads them as a whole
 * and caches them, and one row is one lock for a change. The orders' covering index answers the
 * dashboard's day and month figures from the index alone (ADR 0022).
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('settings', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  // '{}': the defaults until the owner saves; the row is there so every change locks the same one.
  await db
    .insertInto('shop_settings' as never)
    .values({ id: 1, settings: '{}', updated_at: new Date().toISOString() } as never)
    .execute();
  await db.schema.createIndex('orders_dashboard_idx').on('orders').columns(['created_at', 'status', 'payment_status', 'total']).execute();
  // Status before the date: the dashboard asks for each status but 'cancelled', so it reads only the
  // entries it counts (cancelled cash orders stay PENDING, and they are many).
  await db.schema
    .createIndex('orders_unpaid_cash_idx')
    .on('orders')
    .columns(['payment_method', 'payment_status', 'status', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_unpaid_cash_idx').execute();
  await db.schema.dropIndex('orders_dashboard_idx').execute();
  await db.schema.dropTable('shop_settings').execute();
}
