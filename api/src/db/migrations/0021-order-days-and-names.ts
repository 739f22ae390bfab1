import { sql, type Kysely } from 'kysely';

/**
 * Issue 17 at a million orders (ADR 0024). The order list's name search gets two keys of the name,
 * 'first last' and 'last first', each the start of an index with the time, id and filters, in place
 * of the indexes on each name (migration 0017): a first and a last name are one range, not the
 * intersection of two; the list's index of times holds the keys and filters too. The dashboard's day figures become a table the orders module keeps in step with every
 * change of an order, filled here from the orders there are; the covering index the dashboard read
 * them from (migration 0019) goes, as nothing reads it any more and every order change wrote it.
 */
type AnyDb = Kysely<unknown>;

/** Jamaica keeps UTC−5 all year; as `shop-days.ts`, written out so this migration never changes with it. */
const jamaicaOffsetMs = 5 * 60 * 60 * 1000;
const rowsPerInsert = 500;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('name_first_last', 'varchar(201)', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('name_last_first', 'varchar(201)', (column) => column.notNull().defaultTo(''))
    .execute();
  // As `orderNameKeys` writes them, but for runs of spaces inside a name, and SQLite's lower(), which folds ASCII letters only.
  await sql`update orders set
    name_first_last = lower(trim(trim(first_name) || ' ' || trim(last_name))),
    name_last_first = lower(trim(trim(last_name) || ' ' || trim(first_name)))`.execute(db);
  // With the list's two filters, so a search with them needs no row either; the 'last first' index
  // holds the other key too: a search leaves out of its range what the first key's range found.
  await db.schema
    .createIndex('orders_name_first_last_idx')
    .on('orders')
    .columns(['name_first_last', 'created_at', 'id', 'status', 'payment_status'])
    .execute();
  await db.schema
    .createIndex('orders_name_last_first_idx')
    .on('orders')
    .columns(['name_last_first', 'created_at', 'id', 'name_first_last', 'status', 'payment_status'])
    .execute();
  await db.schema.dropIndex('orders_first_name_lower_idx').execute();
  await db.schema.dropIndex('orders_last_name_lower_idx').execute();
  // The list's index of times holds both keys and the filters too: a name many orders share is
  // found by walking it newest first.
  await db.schema
    .createIndex('orders_created_names_idx')
    .on('orders')
    .columns(['created_at', 'id', 'name_first_last', 'name_last_first', 'status', 'payment_status'])
    .execute();
  await db.schema.dropIndex('orders_created_idx').execute();

  await db.schema
    .createTable('order_day_totals')
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('slot', 'integer', (column) => column.notNull())
    .addColumn('orders', 'integer', (column) => column.notNull())
    .addColumn('revenue', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('order_day_totals_pk', ['day', 'slot'])
    .execute();

  // Summed by UTC hour in SQL both databases share, then by Jamaican day here: an hour lies within one day.
  const { rows } = await sql<{ hour: string; orders: number | string; revenue: number | string }>`
    select substr(created_at, 1, 13) as hour,
      sum(case when status <> 'cancelled' then 1 else 0 end) as orders,
      sum(case when status <> 'cancelled' and payment_status = 'COMPLETED' then total else 0 end) as revenue
    from orders group by substr(created_at, 1, 13)`.execute(db);
  const days = new Map<string, { orders: number; revenue: number }>();
  for (const row of rows) {
    const day = new Date(Date.parse(`${row.hour}:00:00.000Z`) - jamaicaOffsetMs).toISOString().slice(0, 10);
    const totals = days.get(day) ?? { orders: 0, revenue: 0 };
    totals.orders += Number(row.orders);
    totals.revenue += Number(row.revenue);
    days.set(day, totals);
  }
  const values = [...days].map(([day, totals]) => ({ day, slot: 0, ...totals }));
  for (let first = 0; first < values.length; first += rowsPerInsert) {
    await db
      .insertInto('order_day_totals' as never)
      .values(values.slice(first, first + rowsPerInsert) as never)
      .execute();
  }
  await db.schema.dropIndex('orders_dashboard_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('orders_dashboard_idx').on('orders').columns(['created_at', 'status', 'payment_status', 'total']).execute();
  await db.schema.dropTable('order_day_totals').execute();
  await db.schema.createIndex('orders_first_name_lower_idx').on('orders').expression(sql`lower(first_name), created_at, id`).execute();
  await db.schema.createIndex('orders_last_name_lower_idx').on('orders').expression(sql`lower(last_name), created_at, id`).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('orders_created_names_idx').execute();
  await db.schema.dropIndex('orders_name_last_first_idx').execute();
  await db.schema.dropIndex('orders_name_first_last_idx').execute();
  await db.schema.alterTable('orders').dropColumn('name_last_first').execute();
  await db.schema.alterTable('orders').dropColumn('name_first_last').execute();
}
