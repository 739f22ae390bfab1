import { sql, type Kysely } from 'kysely';

/**
 * Stock adjustments made by staff, and the shop's change counters.
 *
 * `stock_movements` gains who made a movement (`staff_id`, null for orders and the seed) and the
 * staff's own words (`note`) beside its kind (`reason`). `shop_changes` holds one counter per
 * topic of back-office change; every server process reads it a few times a second and empties its
 * caches of a topic whose counter moved (ADR 18).
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('stock_movements').addColumn('staff_id', 'integer').execute();
  await db.schema
    .alterTable('stock_movements')
    .addColumn('note', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .execute();
  // A variant's movements newest first, read by the back office page after page; it covers the old
  // index on variant_id alone.
  await db.schema.createIndex('stock_movements_variant_id_idx').on('stock_movements').columns(['variant_id', 'id']).execute();
  await db.schema.dropIndex('stock_movements_variant_idx').execute();

  await db.schema
    .createTable('shop_changes')
    .addColumn('topic', 'varchar(20)', (column) => column.primaryKey())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await sql`insert into shop_changes (topic, version) values ('catalog', 0), ('promotions', 0), ('settings', 0)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('shop_changes').execute();
  await db.schema.createIndex('stock_movements_variant_idx').on('stock_movements').column('variant_id').execute();
  await db.schema.dropIndex('stock_movements_variant_id_idx').execute();
  await db.schema.alterTable('stock_movements').dropColumn('note').execute();
  await db.schema.alterTable('stock_movements').dropColumn('staff_id').execute();
}
