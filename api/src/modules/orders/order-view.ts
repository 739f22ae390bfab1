import { minorToMajor, parishNamed, type Order } from '@threadline/contracts';
import type { OrderItemRow, OrderRow, ProofRow, StatusChangeRow } from './orders.repository.ts';

/** The order as its customer sees it; `history` is its status changes, oldest first; `proofs` its proofs of payment. */
export function orderView(
  order: OrderRow,
  items: readonly OrderItemRow[],
  history: readonly StatusChangeRow[] = [],
  proofs: readonly ProofRow[] = [],
): Order {
  const address =
    order.shipping_method === 'delivery'
      ? {
          street_address: order.address_line1,
          apartment: order.address_line2,
          city: order.city,
          // The parish by its own name ('st andrew' typed reads 'St. Andrew'); a place outside the 14 as typed.
          state: parishNamed(order.parish) ?? order.parish,
          postal_code: order.postal_code,
          country: order.country,
          landmark: order.landmark,
        }
      : null;
  const total = minorToMajor(order.total);
  return {
    id: order.id,
    order_number: order.order_number,
    status: order.status,
    payment_status: order.payment_status,
    created_at: order.created_at,
    total,
    total_amount: total,
    subtotal: minorToMajor(order.subtotal),
    discount_amount: minorToMajor(order.discount_amount),
    shipping_cost: minorToMajor(order.shipping_cost),
    tax_amount: minorToMajor(order.tax_amount),
    prices_include_tax: order.prices_include_tax === 1,
    invoice_number: order.invoice_number,
    payment_method: order.payment_method,
    shipping_method: order.shipping_method,
    exchange_rate: Number(order.exchange_rate),
    customer_name: `${order.first_name} ${order.last_name}`.trim(),
    email: order.email,
    currency: order.currency === 'USD' ? 'USD' : 'JMD',
    shipping_address: address,
    pickup_point: order.pickup_point,
    promised_by: order.promised_by,
    shipping_address_text: address
      ? [address.street_address, address.apartment, address.landmark, address.city, address.state, address.postal_code, address.country]
          .filter((part) => part.trim() !== '')
          .join(', ')
      : '',
    items: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      product_image: item.product_image,
      quantity: item.quantity,
      price: minorToMajor(item.line_total),
      size: item.size,
      color: item.color,
    })),
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    expires_at: order.expires_at,
    refunded_amount: minorToMajor(order.refunded_total),
    tracking_number: history.findLast((change) => change.tracking_number)?.tracking_number ?? null,
    // Being placed is its first status; orders placed before the history was kept start there too.
    status_history: [
      { status: history[0]?.from_status ?? order.status, created_at: order.created_at },
      ...history
        .filter((change) => change.from_status !== null)
        .map((change) => ({ status: change.to_status, created_at: change.created_at })),
    ],
    payment_proofs: proofs.map((proof) => ({ id: proof.id, uploaded_at: proof.uploaded_at })),
    source: order.source,
  };
}
