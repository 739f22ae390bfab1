import type { Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * "Notify me" on a sold-out size or colour (KINGSTON.md §5): who asked, for which variant; sent
 * once when the variant is back in stock, retried while the mail server refuses, as the order
 * e-mails are (ADR 33). One open alert per variant and e-mail.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'restock_alerts')
    .addColumn('product_id', 'integer', (column) => column.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (column) => column.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('sent_at', 'varchar(30)')
    .addUniqueConstraint('restock_alerts_variant_email', ['variant_id', 'email'])
    .execute();
  await db.schema.createIndex('restock_alerts_waiting').on('restock_alerts').columns(['sent_at', 'variant_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('restock_alerts').execute();
}
