import { sql, type Kysely } from 'kysely';

/**
 * Issue 28. A paid order's revenue is what was paid less what was refunded: the day figures
 * (migration 0021) counted a partly refunded order as nothing; they are recounted here from the
 * orders there are, as the orders module now keeps them (`dayFigures`).
 * Staff find an order by the end of its number: each order keeps its number read from the end
 * (`numberTailKey`), the start of an index with the time, id and the list's filters, as the name
 * keys are (migration 0021).
 */
type AnyDb = Kysely<unknown>;

/** Jamaica keeps UTC−5 all year; as `shop-days.ts`, written out so this migration never changes with it. */
const jamaicaOffsetMs = 5 * 60 * 60 * 1000;
const rowsPerInsert = 500;

async function recount(db: AnyDb, revenue: ReturnType<typeof sql>): Promise<void> {
  // Summed by UTC hour in SQL both databases share, then by Jamaican day here: an hour lies within one day.
  const { rows } = await sql<{ hour: string; orders: number | string; revenue: number | string }>`
    select substr(created_at, 1, 13) as hour,
      sum(case when status <> 'cancelled' then 1 else 0 end) as orders,
      sum(case when status <> 'cancelled' then ${revenue} else 0 end) as revenue
    from orders group by substr(created_at, 1, 13)`.execute(db);
  const days = new Map<string, { orders: number; revenue: number }>();
  for (const row of rows) {
    const day = new Date(Date.parse(`${row.hour}:00:00.000Z`) - jamaicaOffsetMs).toISOString().slice(0, 10);
    const totals = days.get(day) ?? { orders: 0, revenue: 0 };
    totals.orders += Number(row.orders);
    totals.revenue += Number(row.revenue);
    days.set(day, totals);
  }
  await db.deleteFrom('order_day_totals' as never).execute();
  const values = [...days].map(([day, totals]) => ({ day, slot: 0, ...totals }));
  for (let first = 0; first < values.length; first += rowsPerInsert) {
    await db
      .insertInto('order_day_totals' as never)
      .values(values.slice(first, first + rowsPerInsert) as never)
      .execute();
  }
}

/** As `numberTailKey`: letters and digits only, upper-cased, last first. */
const numberTailKey = (orderNumber: string) => [...orderNumber.toUpperCase().replace(/[^0-9A-Z]/g, '')].reverse().join('');
const tailsPerBatch = 1_000;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('number_tail', 'varchar(40)', (column) => column.notNull().defaultTo(''))
    .execute();
  // Every number checkout makes ('TL-YYMMDD-XXXXX') read backwards in SQL both databases share; any other by the loop below.
  const at = (position: number) => sql`substr(order_number, ${sql.lit(position)}, 1)`;
  const backwards = sql.join([15, 14, 13, 12, 11, 9, 8, 7, 6, 5, 4, 2, 1].map(at), sql` || `);
  await sql`update orders set number_tail = upper(${backwards}) where order_number like 'TL-______-_____'`.execute(db);
  for (;;) {
    const { rows } = await sql<{
      id: number;
      order_number: string;
    }>`select id, order_number from orders where number_tail = '' limit ${sql.lit(tailsPerBatch)}`.execute(db);
    const unwritten = rows.filter((row) => numberTailKey(row.order_number) !== '');
    for (const row of unwritten)
      await sql`update orders set number_tail = ${numberTailKey(row.order_number)} where id = ${row.id}`.execute(db);
    if (rows.length < tailsPerBatch || unwritten.length === 0) break;
  }
  await db.schema
    .createIndex('orders_number_tail_idx')
    .on('orders')
    .columns(['number_tail', 'created_at', 'id', 'status', 'payment_status'])
    .execute();
  await recount(
    db,
    sql`case when payment_status in ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED') and total > refunded_total then total - refunded_total else 0 end`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await recount(db, sql`case when payment_status = 'COMPLETED' then total else 0 end`);
  await db.schema.dropIndex('orders_number_tail_idx').execute();
  await db.schema.alterTable('orders').dropColumn('number_tail').execute();
}
