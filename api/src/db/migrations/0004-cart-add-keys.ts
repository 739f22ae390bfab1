import type { Kysely } from 'kysely';

/**
 * The Idempotency-Keys of adds to a cart: an add the browser kept because no answer came back is
 * sent again with the key of its first try, and must not add twice when that first try did arrive.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('cart_add_keys')
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_add_keys_pk', ['cart_id', 'key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('cart_add_keys').ifExists().execute();
}
