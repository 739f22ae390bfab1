import { closedReturnStatuses, finishedOrderStatuses, orderStatuses, type ReturnReason } from '@threadline/contracts';
import type { Db } from '../../db/database.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/tables.ts';

const notCancelled = orderStatuses.filter((status) => status !== 'cancelled');

/**
 * The dashboard's reads. The orders' figures come from `order_day_totals`, which the orders module
 * keeps in step with every change of an order (ADR 0024): a month is a few hundred rows, at any
 * number of orders. Reads only: the tables belong to orders, catalogue, inventory and returns.
 */
export function createDashboardRepository(db: Db) {
  return {
    /** Orders and paid revenue (cents) of each day from `firstDay` to `lastDay` (Jamaican dates, YYYY-MM-DD) that had any. */
    async dayTotals(firstDay: string, lastDay: string) {
      const rows = await db
        .selectFrom('order_day_totals')
        .select((eb) => ['day', eb.fn.sum<number | string>('orders').as('orders'), eb.fn.sum<number | string>('revenue').as('revenue')])
        .where('day', '>=', firstDay)
        .where('day', '<=', lastDay)
        .groupBy('day')
        .execute();
      return new Map(rows.map((row) => [row.day, { orders: Number(row.orders), revenue: Number(row.revenue) }]));
    },

    /** Return lines asked from `since` (an instant) in returns not rejected, and their units, by reason; most units first. */
    async returnsByReason(since: string): Promise<{ reason: ReturnReason; lines: number; units: number }[]> {
      const rows = await db
        .selectFrom('return_items as ri')
        .innerJoin('returns as r', 'r.id', 'ri.return_id')
        .select((eb) => ['ri.reason', eb.fn.countAll<number | string>().as('lines'), eb.fn.sum<number | string>('ri.quantity').as('units')])
        .where('r.created_at', '>=', since)
        .where('r.status', 'not in', closedReturnStatuses)
        .groupBy('ri.reason')
        .execute();
      return rows
        .map((row) => ({ reason: row.reason, lines: Number(row.lines), units: Number(row.units) }))
        .sort((a, b) => b.units - a.units || a.reason.localeCompare(b.reason));
    },

    /**
     * Orders placed from `since` until before `until` (instants) that were not cancelled, and the paid ones' revenue
     * (cents), by payment method: a month's orders read through their placing time's index.
     */
    async byPaymentMethod(since: string, until: string) {
      const rows = await db
        .selectFrom('orders')
        .select((eb) => [
          'payment_method',
          eb.fn.countAll<number | string>().as('orders'),
          // As the day's figures count it (order-days.ts): once paid, what was paid less what was refunded.
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when('payment_status', 'in', ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'])
                .then(eb('total', '-', eb.ref('refunded_total')))
                .else(0)
                .end(),
            )
            .as('revenue'),
        ])
        .where('created_at', '>=', since)
        .where('created_at', '<', until)
        .where('status', 'in', notCancelled)
        .groupBy('payment_method')
        .execute();
      return rows.map((row) => ({ payment_method: row.payment_method, orders: Number(row.orders), revenue: Number(row.revenue ?? 0) }));
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

    /** KINGSTON.md §3: orders past their promised date (`today`, Jamaica's) and neither delivered nor cancelled. */
    async lateCount(today: string) {
      const row = await db
        .selectFrom('orders')
        .where('promised_by', '<', today)
        .where('status', 'not in', finishedOrderStatuses)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

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
        unpaid
          .select(['id', 'order_number', 'first_name', 'last_name', 'total', 'created_at'])
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      return { count: Number(count.count), oldest };
    },

    /** Bank transfers placed and not yet paid nor cancelled: how many, how many with a proof to check, and the oldest. */
    async awaitingTransfers(limit: number) {
      const awaiting = db
        .selectFrom('orders')
        .where('payment_method', '=', 'bank_transfer')
        .where('payment_status', '=', 'PENDING')
        .where('status', '=', 'pending');
      const proofOf = (eb: ExpressionBuilder<Database, 'orders'>) =>
        eb.exists(eb.selectFrom('payment_proofs').select('payment_proofs.id').whereRef('payment_proofs.order_id', '=', 'orders.id'));
      const [counts, oldest] = await Promise.all([
        awaiting
          .select((eb) => [
            eb.fn.countAll<number | string>().as('count'),
            eb.fn.sum<number | string | null>(eb.case().when(proofOf(eb)).then(1).else(0).end()).as('with_proof'),
          ])
          .executeTakeFirstOrThrow(),
        awaiting
          .select((eb) => ['id', 'order_number', 'first_name', 'last_name', 'total', 'created_at', proofOf(eb).as('has_proof')])
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      return { count: Number(counts.count), withProof: Number(counts.with_proof ?? 0), oldest };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
