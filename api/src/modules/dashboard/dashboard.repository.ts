import { sql } from 'kysely';
import { orderStatuses } from '@threadline/contracts';
import type { Db } from '../../db/database.ts';

const notCancelled = orderStatuses.filter((status) => status !== 'cancelled');

/** Placed and not cancelled; a paid one (COMPLETED) is revenue. */
const countedOrders = sql<number>`sum(case when status <> 'cancelled' then 1 else 0 end)`;
const paidRevenue = sql<number>`sum(case when status <> 'cancelled' and payment_status = 'COMPLETED' then total else 0 end)`;

/**
 * The dashboard's reads. The orders' figures are range reads of `orders_dashboard_idx`
 * (created_at, status, payment_status, total), answered from the index alone (ADR 0022). Reads only:
 * the tables belong to orders, catalogue and inventory.
 */
export function createDashboardRepository(db: Db) {
  return {
    /** Orders and paid revenue (cents) placed in [from, to). */
    async totals(from: string, to: string) {
      const row = await db
        .selectFrom('orders')
        .select([countedOrders.as('orders'), paidRevenue.as('revenue')])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirst();
      return { orders: Number(row?.orders ?? 0), revenue: Number(row?.revenue ?? 0) };
    },

    /**
     * The same for each of the given consecutive ranges (`bounds` holds n + 1 moments for n ranges):
     * one range read of the index per day, glued with UNION ALL. A GROUP BY over the month's
     * entries sorted them first, three times slower at a million orders (ADR 0022).
     */
    async totalsByRange(bounds: string[]) {
      const ranges = bounds.slice(1).map((to, index) =>
        db
          .selectFrom('orders')
          .select([sql<number>`${sql.lit(index)}`.as('range'), countedOrders.as('orders'), paidRevenue.as('revenue')])
          .where('created_at', '>=', bounds[index] ?? to)
          .where('created_at', '<', to),
      );
      const [first, ...rest] = ranges;
      if (!first) return [];
      const rows = await rest.reduce((query, next) => query.unionAll(next), first).execute();
      return rows
        .map((row) => ({ range: Number(row.range), orders: Number(row.orders ?? 0), revenue: Number(row.revenue ?? 0) }))
        .sort((a, b) => a.range - b.range);
    },

    /** By units sold in paid or cash orders that were not cancelled, as the order transaction keeps them. */
    bestSellers: (limit: number) =>
      db
        .selectFrom('products')
        .select(['id', 'name', 'units_sold'])
        .where('units_sold', '>', 0)
        .orderBy('units_sold', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Variants of products still sold (not archived) with `threshold` or fewer left, fewest first. */
    lowStock: (threshold: number, limit: number) =>
      db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['p.id as product_id', 'p.name as product_name', 'v.id as variant_id', 'v.size', 'v.color', 'v.sku', 'v.stock'])
        .where('v.stock', '<=', threshold)
        .where('p.status', '<>', 'archived')
        .orderBy('v.stock')
        .orderBy('p.name')
        .orderBy('v.id')
        .limit(limit)
        .execute(),

    /** Cash-on-delivery orders still unpaid and not cancelled, placed before `before`: how many, and the oldest. */
    async unpaidCash(before: string, limit: number) {
      const unpaid = db
        .selectFrom('orders')
        .where('payment_method', '=', 'cash_on_delivery')
        .where('payment_status', '=', 'PENDING')
        .where('status', 'in', notCancelled)
        .where('created_at', '<', before);
      const [count, oldest] = await Promise.all([
        unpaid.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
        unpaid.select(['id', 'order_number', 'first_name', 'last_name', 'total', 'created_at']).orderBy('created_at').orderBy('id').limit(limit).execute(),
      ]);
      return { count: Number(count.count), oldest };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
