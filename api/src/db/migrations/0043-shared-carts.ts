import type { Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * A cart shared by its link (KINGSTON.md §5, "Share on WhatsApp"): the lines as they were when it
 * was shared, under a random token. Whoever opens the link gets them in their own cart; the shared
 * copy never changes, so the sharer's later changes do not reach those who already have the link.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'shared_carts')
    .addColumn('token', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('shared_cart_lines')
    .addColumn('shared_cart_id', 'integer', (column) => column.notNull().references('shared_carts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (column) => column.notNull())
    .addColumn('variant_id', 'integer', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull())
    // The sharer's order of the lines, which the opener's cart keeps.
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('shared_cart_lines_pk', ['shared_cart_id', 'variant_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('shared_cart_lines').execute();
  await db.schema.dropTable('shared_carts').execute();
}
