import { sql, type Kysely } from 'kysely';

/**
 * KINGSTON.md §2. The settings' `tax_rate` becomes `tax: {name, rate, prices_include_tax,
 * registration_number}` (the rate kept, added on top as it was). Each order keeps whether its prices
 * held the tax, and gets an invoice number when it is paid, from the shop's own counter: one row
 * moved in the paying transaction, so a number is never skipped (a sequence skips on rollback) nor
 * given twice. Orders already paid are numbered here, in the order they were paid.
 */
type AnyDb = Kysely<unknown>;

const paidStatuses = sql`('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED')`;
const invoiceNumber = (number: number) => `INV-${String(number).padStart(6, '0')}`;
const ordersPerBatch = 1_000;

async function settingsRow(db: AnyDb): Promise<Record<string, unknown> | null> {
  const { rows } = await sql<{ settings: string }>`select settings from shop_settings where id = 1`.execute(db);
  try {
    const parsed: unknown = JSON.parse(rows[0]?.settings ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function saveSettings(db: AnyDb, settings: Record<string, unknown>): Promise<void> {
  await sql`update shop_settings set settings = ${JSON.stringify(settings)} where id = 1`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  const settings = await settingsRow(db);
  if (settings && 'tax_rate' in settings) {
    const { tax_rate: rate, ...rest } = settings;
    await saveSettings(db, { ...rest, tax: { name: 'GCT', rate, prices_include_tax: false, registration_number: null } });
  }

  await db.schema
    .alterTable('orders')
    .addColumn('prices_include_tax', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('invoice_number', 'varchar(20)').execute();
  await db.schema.createIndex('orders_invoice_number_idx').on('orders').column('invoice_number').unique().execute();
  await db.schema
    .createTable('invoice_counter')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('last_number', 'integer', (column) => column.notNull())
    .execute();

  let numbered = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      select id from orders where invoice_number is null and payment_status in ${paidStatuses}
      order by coalesce(paid_at, created_at), id limit ${sql.lit(ordersPerBatch)}`.execute(db);
    for (const row of rows) {
      numbered += 1;
      await sql`update orders set invoice_number = ${invoiceNumber(numbered)} where id = ${row.id}`.execute(db);
    }
    if (rows.length < ordersPerBatch) break;
  }
  await db
    .insertInto('invoice_counter' as never)
    .values({ id: 1, last_number: numbered } as never)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('invoice_counter').execute();
  await db.schema.dropIndex('orders_invoice_number_idx').execute();
  await db.schema.alterTable('orders').dropColumn('invoice_number').execute();
  await db.schema.alterTable('orders').dropColumn('prices_include_tax').execute();
  const settings = await settingsRow(db);
  if (settings && typeof settings.tax === 'object' && settings.tax !== null) {
    const { tax, ...rest } = settings;
    await saveSettings(db, { ...rest, tax_rate: (tax as { rate?: unknown }).rate ?? 0 });
  }
}
