import { sql, type Kysely } from 'kysely';

/**
 * Each product's in-stock options in its stock row (ADR 0031): `in_stock_options` is its option
 * rows of product_option_stock with variants in stock, as one JSON array of [size, colour] pairs
 * in size and colour order ('' where a row names no size or no colour). A listing's count and
 * facets read this one short row per product instead of its dozen option rows. Products without a
 * stock row have no options in stock.
 */
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('product_stock')
    .addColumn('in_stock_options', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  const options = isPostgres(db)
    ? sql`coalesce(json_agg(json_build_array(o.size, o.color) ORDER BY o.size, o.color)::text, '[]')`
    : sql`json_group_array(json_array(o.size, o.color) ORDER BY o.size, o.color)`;
  await sql`
    UPDATE product_stock SET in_stock_options = (
      SELECT ${options} FROM product_option_stock o WHERE o.product_id = product_stock.product_id AND o.variants > 0)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('product_stock').dropColumn('in_stock_options').execute();
}
