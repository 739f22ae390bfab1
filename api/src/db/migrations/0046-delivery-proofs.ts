import type { Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * The driver's proof of a delivery (KINGSTON.md §3): who took the parcel, when, the photo the driver
 * took (a private media key), whether cash was collected, and which member of staff marked it. One
 * row an order: the unique order id is a second guard, beside the order's guarded status change, so
 * two taps at once never keep two proofs.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'delivery_proofs')
    .addColumn('order_id', 'integer', (column) => column.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('received_by', 'varchar(100)', (column) => column.notNull())
    .addColumn('photo_key', 'varchar(300)')
    .addColumn('cash_collected', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('staff_id', 'integer')
    .addColumn('staff_email', 'varchar(254)')
    .addColumn('delivered_at', 'varchar(30)', (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('delivery_proofs').execute();
}
