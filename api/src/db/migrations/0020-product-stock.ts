import { sql, type Kysely } from 'kysely';
import { lowStockThreshold } from '@threadline/contracts';

/**
 * Each product's stock in one row, kept by the inventory module in the transaction of every stock
 * change (ADR 0023): the back office's list and its low and sold-out filters read it instead of
 * adding up 400,000 variants per request. The partial indexes hold only the products each filter
 * lists, so counting them reads nothing else.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_stock')
    .addColumn('product_id', 'integer', (column) => column.primaryKey().references('products.id').onDelete('cascade'))
    // Over the variants still sold: a retired variant counts nowhere.
    .addColumn('stock', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('low_variants', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('out_variants', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`
    INSERT INTO product_stock (product_id, stock, low_variants, out_variants)
    SELECT product_id,
      sum(stock),
      sum(CASE WHEN stock > 0 AND stock <= ${lowStockThreshold} THEN 1 ELSE 0 END),
      sum(CASE WHEN stock = 0 THEN 1 ELSE 0 END)
    FROM product_variants WHERE retired_at IS NULL GROUP BY product_id`.execute(db);
  await db.schema
    .createIndex('product_stock_low_idx')
    .on('product_stock')
    .column('product_id')
    .where(sql.ref('low_variants'), '>', 0)
    .execute();
  await db.schema
    .createIndex('product_stock_out_idx')
    .on('product_stock')
    .column('product_id')
    .where(sql.ref('out_variants'), '>', 0)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('product_stock_out_idx').ifExists().execute();
  await db.schema.dropIndex('product_stock_low_idx').ifExists().execute();
  await db.schema.dropTable('product_stock').execute();
}
