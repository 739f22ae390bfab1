import type { Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * Buyers' reviews with fit (KINGSTON.md §6): one a customer a product, kept by the unique index so
 * two posts at once make one review; their photos; and the orders whose buyer was asked for one, so
 * each is asked once whichever process runs the job.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'reviews')
    .addColumn('product_id', 'integer', (column) => column.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (column) => column.notNull())
    .addColumn('rating', 'integer', (column) => column.notNull())
    .addColumn('fit', 'varchar(20)', (column) => column.notNull())
    .addColumn('title', 'varchar(120)', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('author_name', 'varchar(160)', (column) => column.notNull())
    .addColumn('size_bought', 'varchar(100)')
    .addColumn('color_bought', 'varchar(100)')
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('reply', 'text')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('reviews_one_per_customer').on('reviews').columns(['product_id', 'user_id']).unique().execute();
  await db.schema.createIndex('reviews_by_product_status').on('reviews').columns(['product_id', 'status', 'id']).execute();
  await db.schema.createIndex('reviews_by_status').on('reviews').columns(['status', 'id']).execute();

  await withId(db, 'review_photos')
    .addColumn('review_id', 'integer', (column) => column.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('path', 'varchar(200)', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('review_photos_by_review').on('review_photos').column('review_id').execute();

  await db.schema
    .createTable('review_requests')
    .addColumn('order_id', 'integer', (column) => column.primaryKey())
    .addColumn('sent_at', 'varchar(30)', (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('review_requests').execute();
  await db.schema.dropTable('review_photos').execute();
  await db.schema.dropTable('reviews').execute();
}
