import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * What a listing's count and facets read of each product (ADR 0031), one short row each instead of
 * its dozen option rows and its whole product row:
 * - `product_stock.in_stock_options`: the sizes and colours of its variants still sold with stock,
 *   as one JSON array of distinct [size, colour] pairs in size and colour order (null where a
 *   variant has none; a variant with neither is in no facet), kept by the inventory module beside
 *   product_option_stock. A product without a stock row has none in stock.
 * - On SQLite, `products_summary_idx`: a product's state, price and category by id, which a
 *   summary reads by id from the index alone (a few dozen bytes a product instead of its row).
 */
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('product_stock')
    .addColumn('in_stock_options', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  const pairs = isPostgres(db)
    ? sql`coalesce(json_agg(json_build_array(v.size, v.color) ORDER BY v.size, v.color)::text, '[]')`
    : sql`json_group_array(json_array(v.size, v.color) ORDER BY v.size, v.color)`;
  await sql`
    UPDATE product_stock SET in_stock_options = (
      SELECT ${pairs} FROM (
        SELECT DISTINCT size, color FROM product_variants
        WHERE product_id = product_stock.product_id AND stock > 0 AND retired_at IS NULL
      AND (size IS NOT NULL OR color IS NOT NULL)) AS v)`.execute(db);
  // PostgreSQL reads a summary in one query, by its own plan.
  if (!isPostgres(db)) {
    await db.schema
      .createIndex('products_summary_idx')
      .on('products')
      .columns(['is_active', 'id', 'effective_price', 'category_id'])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('products_summary_idx').ifExists().execute();
  await db.schema.alterTable('product_stock').dropColumn('in_stock_options').execute();
}
