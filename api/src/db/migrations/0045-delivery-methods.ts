import type { Kysely } from 'kysely';

/**
 * Delivery on an island without postcodes (KINGSTON.md §3). `orders.landmark` and
 * `addresses.landmark`: what a driver looks for ("opposite the Texaco"), '' when none was given.
 * `orders.pickup_point`: the code of the Knutsford Express branch or post office a `knutsford` or
 * `post_office` order is collected at, null for the other methods. `orders.promised_by`: the
 * Jamaican date ('YYYY-MM-DD') the order was promised by when it was placed, null for orders placed
 * before promises were made; indexed for the back office's late orders.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('landmark', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('orders').addColumn('pickup_point', 'varchar(40)').execute();
  await db.schema.alterTable('orders').addColumn('promised_by', 'varchar(10)').execute();
  await db.schema.createIndex('orders_promised_by_idx').on('orders').columns(['promised_by', 'status']).execute();
  await db.schema
    .alterTable('addresses')
    .addColumn('landmark', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('addresses').dropColumn('landmark').execute();
  await db.schema.dropIndex('orders_promised_by_idx').execute();
  await db.schema.alterTable('orders').dropColumn('promised_by').execute();
  await db.schema.alterTable('orders').dropColumn('pickup_point').execute();
  await db.schema.alterTable('orders').dropColumn('landmark').execute();
}
