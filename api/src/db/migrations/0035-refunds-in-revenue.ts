import { sql, type Kysely } from 'kysely';

/**
 * Issue 28: a paid order's revenue is what was paid less what was refunded. The day figures
 * (migration 0021) counted a partly refunded order as nothing; they are recounted here from the
 * orders there are, as the orders module now keeps them (`dayFigures`).
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
    await db.insertInto('order_day_totals' as never).values(values.slice(first, first + rowsPerInsert) as never).execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  await recount(
    db,
    sql`case when payment_status in ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED') and total > refunded_total then total - refunded_total else 0 end`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await recount(db, sql`case when payment_status = 'COMPLETED' then total else 0 end`);
}
