import type { Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * `order_update_emails`: each e-mail telling a customer their order shipped, was delivered, was
 * cancelled or refunded, written down before it is first sent (ADR 33). `details` is the update's
 * JSON (tracking number, amount); `next_attempt_at` is when it is next due, null once mailed or
 * given up; `attempts` counts the claims, and a claim is a guarded update on it, so one process
 * sends each attempt. A failed send says why in `last_error`, and is tried again after a growing
 * wait, for about a day.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'order_update_emails')
    .addColumn('order_id', 'integer', (column) => column.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (column) => column.notNull())
    .addColumn('details', 'varchar(500)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('mailed_at', 'varchar(30)')
    .addColumn('given_up_at', 'varchar(30)')
    .execute();
  // The job reads the due ones only; mailed and given-up rows have no next attempt and are not in the range.
  await db.schema.createIndex('order_update_emails_due_idx').on('order_update_emails').column('next_attempt_at').execute();
  await db.schema.createIndex('order_update_emails_order_idx').on('order_update_emails').columns(['order_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_update_emails').execute();
}
