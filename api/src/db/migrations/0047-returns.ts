import { sql, type Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * Returns and exchanges (KINGSTON.md §7): a return of an order and its lines, each line with what
 * staff put back in stock and, for an exchange, the variant it is replaced by; the units a refund
 * from the order page put back in stock; and where an order came from (`source`), so an exchange's
 * order says it is one. The checks keep a line's restocked units within its units whatever the code does.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('source', 'varchar(20)', (column) => column.notNull().defaultTo('storefront'))
    .execute();

  await withId(db, 'returns')
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('return_number', 'varchar(60)', (column) => column.notNull().unique())
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('resolution', 'varchar(10)', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .addColumn('staff_note', 'varchar(500)', (column) => column.notNull().defaultTo(''))
    .addColumn('refunded_amount', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('exchange_order_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('returns_by_order').on('returns').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('returns_by_status').on('returns').columns(['status', 'id']).execute();

  await withId(db, 'return_items')
    .addColumn('return_id', 'integer', (column) => column.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
    .addColumn('reason', 'varchar(20)', (column) => column.notNull())
    .addColumn('restocked_quantity', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('exchange_variant_id', 'integer')
    .addColumn('exchange_size', 'varchar(100)')
    .addColumn('exchange_color', 'varchar(100)')
    .addCheckConstraint('return_items_restocked_check', sql`restocked_quantity >= 0 and restocked_quantity <= quantity`)
    .execute();
  await db.schema.createIndex('return_items_by_return').on('return_items').columns(['return_id', 'id']).execute();
  await db.schema.createIndex('return_items_by_order_item').on('return_items').column('order_item_id').execute();

  await withId(db, 'order_restocks')
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sql`quantity > 0`))
    .addColumn('staff_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('order_restocks_by_order').on('order_restocks').column('order_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_restocks').execute();
  await db.schema.dropTable('return_items').execute();
  await db.schema.dropTable('returns').execute();
  await db.schema.alterTable('orders').dropColumn('source').execute();
}
