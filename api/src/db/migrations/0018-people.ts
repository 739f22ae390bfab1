import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The back office's customers and messages. `contact_messages.read_at` is when a member of staff
 * first read a message (null: unread). The customers list searches accounts by the start of an
 * e-mail address or name: indexes that a prefix search can use on each database. PostgreSQL's
 * `text_pattern_ops` serves `LIKE 'prefix%'` whatever the database's collation; SQLite scans its
 * plain (binary) indexes by range, and the unique index on `email_normalized` already serves it.
 */
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('read_at', 'varchar(30)').execute();
  await db.schema.createIndex('contact_messages_read_idx').on('contact_messages').columns(['read_at', 'id']).execute();
  if (isPostgres(db)) {
    await sql`create index users_email_prefix_idx on users (email_normalized text_pattern_ops)`.execute(db);
    await sql`create index users_first_name_prefix_idx on users (lower(first_name) text_pattern_ops)`.execute(db);
    await sql`create index users_last_name_prefix_idx on users (lower(last_name) text_pattern_ops)`.execute(db);
  } else {
    await db.schema.createIndex('users_first_name_prefix_idx').on('users').expression(sql`lower(first_name)`).execute();
    await db.schema.createIndex('users_last_name_prefix_idx').on('users').expression(sql`lower(last_name)`).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await db.schema.dropIndex('users_email_prefix_idx').execute();
  await db.schema.dropIndex('users_last_name_prefix_idx').execute();
  await db.schema.dropIndex('users_first_name_prefix_idx').execute();
  await db.schema.dropIndex('contact_messages_read_idx').execute();
  await db.schema.alterTable('contact_messages').dropColumn('read_at').execute();
}
