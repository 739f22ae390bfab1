import type { Kysely } from 'kysely';

/**
 * The back office's catalogue. A variant that was ordered is retired instead of deleted
 * (`retired_at`): order lines keep pointing at it, and it is no longer sold or shown. The admin
 * product list reads every status, so it gets listing indexes without `is_active` in front, and its
 * stock filters find low and sold-out variants by stock first.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('product_variants').addColumn('retired_at', 'varchar(30)').execute();
  await db.schema.createIndex('products_admin_created_idx').on('products').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('products_admin_status_idx').on('products').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('products_admin_category_idx').on('products').columns(['category_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('products_admin_name_idx').on('products').columns(['name', 'id']).execute();
  // Variants by stock: the low and sold-out filters read their product ids from it alone. Stock
  // leads: led by retired_at, SQLite took it for every `retired_at is null` read of a product's
  // variants and walked them all.
  await db.schema.createIndex('product_variants_stock_idx').on('product_variants').columns(['stock', 'retired_at', 'product_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('product_variants_stock_idx').ifExists().execute();
  await db.schema.dropIndex('products_admin_name_idx').ifExists().execute();
  await db.schema.dropIndex('products_admin_category_idx').ifExists().execute();
  await db.schema.dropIndex('products_admin_status_idx').ifExists().execute();
  await db.schema.dropIndex('products_admin_created_idx').ifExists().execute();
  await db.schema.alterTable('product_variants').dropColumn('retired_at').execute();
}
