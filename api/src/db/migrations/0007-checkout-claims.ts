import type { Kysely } from 'kysely';

/**
 * What concurrent checkouts and adds need to stay correct on PostgreSQL:
 * - `checkout_claims`: one row per buyer (`user:{id}` or `email:{normalized e-mail}`), which a
 *   checkout with a promo code upserts first, so the buyer's first-order and per-customer checks
 *   read after every earlier checkout of that buyer has committed;
 * - `orders.checkout_hash` and `cart_add_keys.request_hash`: what a request under an
 *   Idempotency-Key asked for, so the key answers only that request again.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('checkout_claims')
    .addColumn('buyer_key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('claimed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('checkout_hash', 'varchar(64)').execute();
  await db.schema.alterTable('cart_add_keys').addColumn('request_hash', 'varchar(64)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cart_add_keys').dropColumn('request_hash').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_hash').execute();
  await db.schema.dropTable('checkout_claims').ifExists().execute();
}
