import { sql, type Kysely } from 'kysely';

/**
 * Card refunds a stopped process left waiting are asked of the provider again (ADR 20):
 * `test_refund_answers` keeps the built-in card provider's answers to refunds sent with an
 * idempotency key, as Stripe keeps them, so a refund asked again is answered as before and never
 * made twice; the job finds the waiting refunds by an index holding only them.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('test_refund_answers')
    .addColumn('idempotency_key', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('answer', 'varchar(2000)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('refunds_waiting_idx').on('refunds').column('created_at').where(sql.ref('status'), '=', 'pending').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('refunds_waiting_idx').execute();
  await db.schema.dropTable('test_refund_answers').execute();
}
