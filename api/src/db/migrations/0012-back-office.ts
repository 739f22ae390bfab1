import { sql, type Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * The back office's first tables. `products.status` is draft, active or archived (only active ones
 * are on the storefront); `users.role` makes an account staff or the owner (customers are
 * 'customer'); `audit_entries` keeps every change made through /api/admin/, append-only: no code
 * updates or deletes a row, and the e-mail is copied so an entry still names whoever made it.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  // The storefront's listing indexes are on is_active; it stays, kept equal to status = 'active' by
  // the catalogue, the one writer of products.
  await db.schema
    .alterTable('products')
    .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('active'))
    .execute();
  await sql`update products set status = 'archived' where is_active = 0`.execute(db);
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(16)', (column) => column.notNull().defaultTo('customer'))
    .execute();
  await withId(db, 'audit_entries')
    .addColumn('staff_id', 'integer', (column) => column.notNull())
    .addColumn('staff_email', 'varchar(254)', (column) => column.notNull())
    .addColumn('action', 'varchar(40)', (column) => column.notNull())
    .addColumn('entity', 'varchar(40)', (column) => column.notNull())
    .addColumn('entity_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audit_entries_entity').on('audit_entries').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('audit_entries_staff').on('audit_entries').columns(['staff_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
  await db.schema.alterTable('products').dropColumn('status').execute();
}
