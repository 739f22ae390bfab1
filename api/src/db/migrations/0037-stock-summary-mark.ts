import { sql, type Kysely } from 'kysely';

/**
 * How far the in-stock summaries (product_stock, product_option_stock) are known to have followed
 * the stock movements: one row, the highest movement id up to which every movement is counted in
 * them (ADR 36). Orders no longer write the summaries in their transaction; a refresher does after
 * the commit, and its catch-up reads the movements past this mark. Written by that catch-up alone,
 * at most every half minute, so no order ever waits on it.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('stock_summary_mark')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('movement_id', 'integer', (column) => column.notNull())
    .execute();
  // Until now every stock change wrote the summaries in its own transaction: they follow every movement there is.
  await sql`INSERT INTO stock_summary_mark (id, movement_id) SELECT 1, coalesce(max(id), 0) FROM stock_movements`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('stock_summary_mark').execute();
}
