import { minorToMajor, parishes, parishNamed, type RunSheet, type RunSheetStop } from '@threadline/contracts';
import type { DeliveryProofRow, OrderItemRow, OrderRow } from '../orders/orders.repository.ts';

/** A run sheet's order as the orders module reads it. */
export interface RunSheetOrder {
  order: OrderRow;
  items: readonly OrderItemRow[];
  proof: DeliveryProofRow | null;
}

/** The cash the driver collects at the door: the total of an unpaid cash-on-delivery order, not yet delivered; else nothing (cents). */
export const cashToCollect = (order: Pick<OrderRow, 'payment_method' | 'payment_status' | 'status' | 'total'>): number =>
  order.payment_method === 'cash_on_delivery' && order.payment_status === 'PENDING' && order.status !== 'cancelled' ? order.total : 0;

/**
 * The day's stops grouped by parish, in the island's order of parishes (Kingston, St. Andrew, …),
 * a place outside the 14 after them as typed; within a parish, the soonest promised first (as read). The
 * sheet's cash is the sum of its stops' (in cents, so it adds up to the cent).
 */
export function buildRunSheet(date: string, rows: readonly RunSheetOrder[]): RunSheet {
  const groups = new Map<string, { cents: number; stops: RunSheetStop[] }>();
  let totalCents = 0;
  for (const { order, items, proof } of rows) {
    const parish = parishNamed(order.parish) ?? (order.parish.trim() || 'No parish given');
    const cents = cashToCollect(order);
    totalCents += cents;
    const group = groups.get(parish) ?? { cents: 0, stops: [] };
    group.cents += cents;
    group.stops.push({
      order_id: order.id,
      order_number: order.order_number,
      status: order.status,
      customer_name: `${order.first_name} ${order.last_name}`.trim(),
      phone: order.phone,
      address: { street_address: order.address_line1, apartment: order.address_line2, city: order.city, parish },
      landmark: order.landmark.trim(),
      promised_by: order.promised_by,
      late: order.status !== 'delivered' && order.promised_by !== null && order.promised_by < date,
      items: items.map((item) => ({ name: item.product_name, size: item.size, color: item.color, quantity: item.quantity })),
      payment_method: order.payment_method,
      payment_status: order.payment_status,
      cash_to_collect: minorToMajor(cents),
      delivery: proof
        ? {
            received_by: proof.received_by,
            delivered_at: proof.delivered_at,
            cash_collected: proof.cash_collected === 1,
            has_photo: proof.photo_key !== null,
            staff_email: proof.staff_email,
          }
        : null,
    });
    groups.set(parish, group);
  }
  const rank = (parish: string) => {
    const index = (parishes as readonly string[]).indexOf(parish);
    return index === -1 ? parishes.length : index;
  };
  const ordered = [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return {
    date,
    stop_count: rows.length,
    cash_to_collect: minorToMajor(totalCents),
    parishes: ordered.map(([parish, group]) => ({ parish, cash_to_collect: minorToMajor(group.cents), stops: group.stops })),
  };
}
