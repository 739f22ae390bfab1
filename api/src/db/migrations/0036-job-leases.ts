import type { Kysely } from 'kysely';

/**
 * Which process runs a shop-wide timed job now, and until when at most: a lease row instead of a
 * session advisory lock, which a transaction-mode connection pooler (PgBouncer, a hosted
 * PostgreSQL's pooler) cannot keep, and which held one pooled connection for the whole run.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(100)', (column) => column.primaryKey())
    .addColumn('holder', 'varchar(64)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(30)', (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
