import { sql, type Kysely } from 'kysely';

/**
 * The change counters of migration 0015 go: processes now tell each other through PostgreSQL's
 * LISTEN/NOTIFY, and on SQLite a change is told in process only (ADR 27).
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('shop_changes').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('shop_changes')
    .addColumn('topic', 'varchar(20)', (column) => column.primaryKey())
    .addColumn('version', 'integer', (column) => column.notNull())
    .execute();
  await sql`insert into shop_changes (topic, version) values ('catalog', 0), ('promotions', 0), ('settings', 0)`.execute(db);
}
