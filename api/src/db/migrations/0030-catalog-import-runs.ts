import type { Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * A catalogue import still being written when its upload call answered (ADR 19, amendment): its
 * progress and, once it ended, its report, kept where the back office's polls find it whichever
 * process they reach.
 */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'catalog_import_runs')
    .addColumn('staff_id', 'integer', (column) => column.notNull())
    .addColumn('file_name', 'varchar(200)', (column) => column.notNull())
    .addColumn('status', 'varchar(10)', (column) => column.notNull())
    .addColumn('rows', 'integer', (column) => column.notNull())
    .addColumn('products', 'integer', (column) => column.notNull())
    .addColumn('products_written', 'integer', (column) => column.notNull())
    .addColumn('report', 'text')
    .addColumn('started_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('catalog_import_runs').execute();
}
