import type { Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * Bank transfers (KINGSTON.md §1). `payment_proofs`: each screenshot or PDF a customer sent of a
 * transfer, kept in the media store under `storage_key` (a path the shop never serves publicly),
 * with the type its bytes were found to be. `orders.payment_reminded_at`: when the one reminder of
 * an unpaid transfer was claimed; a guarded update from null, so two processes never both send it.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'payment_proofs')
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(300)', (column) => column.notNull())
    .addColumn('content_type', 'varchar(50)', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('uploaded_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('payment_proofs_order_idx').on('payment_proofs').columns(['order_id', 'id']).execute();
  await db.schema.alterTable('orders').addColumn('payment_reminded_at', 'varchar(30)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('payment_reminded_at').execute();
  await db.schema.dropTable('payment_proofs').execute();
}
