import type { OrderStatus, PaymentStatus } from '@threadline/contracts';
import { jamaicaDay } from '../../shop-days.ts';

/** What of an order its day's figures depend on. */
export interface CountedOrder {
  id: number;
  created_at: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  total: number;
  /** Refunded, or being refunded (minor units). */
  refunded_total: number;
}

/**
 * Each day's figures are kept in this many rows, an order's in row `id % slots`: on PostgreSQL an
 * update holds its row until COMMIT, and with one row a day every checkout would wait for the one
 * before it to commit.
 */
export const orderDaySlots = 8;

/** Payment statuses of an order that was paid: its revenue is what was paid less what was refunded. */
const paidStatuses: ReadonlySet<PaymentStatus> = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/**
 * What an order adds to the figures of the day it was placed: an order unless cancelled, and, once
 * paid, what was paid less what was refunded (a J$2,400 order refunded J$500 counts J$1,900).
 */
export function dayFigures(order: Pick<CountedOrder, 'status' | 'payment_status' | 'total' | 'refunded_total'>): {
  orders: number;
  revenue: number;
} {
  if (order.status === 'cancelled') return { orders: 0, revenue: 0 };
  return { orders: 1, revenue: paidStatuses.has(order.payment_status) ? Math.max(0, order.total - order.refunded_total) : 0 };
}

/**
 * How one change of an order (`before` null: it was placed) moves its day's figures, or null when
 * it moves nothing (most status changes), so that change touches no figures row at all.
 */
export function dayChange(
  before: CountedOrder | null,
  after: CountedOrder,
): { day: string; slot: number; orders: number; revenue: number } | null {
  const was = before ? dayFigures(before) : { orders: 0, revenue: 0 };
  const now = dayFigures(after);
  if (now.orders === was.orders && now.revenue === was.revenue) return null;
  return {
    day: jamaicaDay(after.created_at),
    slot: after.id % orderDaySlots,
    orders: now.orders - was.orders,
    revenue: now.revenue - was.revenue,
  };
}
