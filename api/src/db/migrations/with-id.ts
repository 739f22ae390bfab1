import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** A new table with an integer id the database assigns: an identity column on PostgreSQL, AUTOINCREMENT on SQLite. */
export function withId<T extends string>(db: Kysely<unknown>, table: T): CreateTableBuilder<T, 'id'> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.schema
    .createTable(table)
    .addColumn('id', 'integer', (col) => (isPostgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()));
}
