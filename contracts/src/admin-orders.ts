import { z } from 'zod';
import { adminListSchema, adminPageQuerySchema } from './admin.ts';
import { deliveryProofSchema } from './deliveries.ts';
import { databaseId, text } from './input-bounds.ts';
import { moneySchema } from './money.ts';
import { orderStatuses, paymentMethods, paymentStatuses, shippingMethods } from './order-rules.ts';
import { orderSchema } from './orders.ts';
import { orderRestockSchema } from './returns.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');

/** GET /api/admin/orders/: filters of the back office's order list; `from` and `to` are days, both included. */
export const adminOrderQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(orderStatuses).optional(),
  payment_status: z.enum(paymentStatuses).optional(),
  payment_method: z.enum(paymentMethods).optional(),
  /** An order number (or its start), an e-mail address, or a customer's name (or its start). */
  search: text(254).optional(),
  from: day.optional(),
  to: day.optional(),
  /** KINGSTON.md §3: only orders past their promised date (Jamaica's today) and neither delivered nor cancelled. */
  late: z.enum(['true', 'false'], { error: 'late is true or false' }).optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  created_at: z.string(),
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  payment_method: z.enum(paymentMethods),
  shipping_method: z.enum(shippingMethods),
  customer_name: z.string(),
  email: z.string(),
  total: moneySchema,
  /** Paid by a test card payment (the built-in test provider, or the card provider's test mode): no money was taken. */
  test_payment: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const orderHistoryEntrySchema = z.object({
  id: z.number().int(),
  from_status: z.enum(orderStatuses).nullable(),
  to_status: z.enum(orderStatuses),
  note: z.string(),
  tracking_number: z.string().nullable(),
  /** Who made the change; null for the shopper, the card payment or the unpaid-order job. */
  staff_email: z.string().nullable(),
  created_at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const adminOrderSchema = orderSchema.extend({
  phone: z.string(),
  customer_id: z.number().int().nullable(),
  /** What can still be refunded (JMD): what was paid less earlier refunds. */
  refundable_amount: moneySchema,
  /** The statuses it may move to now. */
  next_statuses: z.array(z.enum(orderStatuses)),
  exchange_note: z.string(),
  /** When it was paid: the date of its invoice. */
  paid_at: z.string().nullable(),
  /** Paid by a test card payment (the built-in test provider, or the card provider's test mode): no money was taken. */
  test_payment: z.boolean(),
  payments: z.array(
    z.object({ id: z.number().int(), provider: z.string(), status: z.string(), amount: moneySchema, created_at: z.string() }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amount: moneySchema,
      reason: z.string(),
      method: z.enum(['card', 'cash']),
      status: z.enum(['pending', 'succeeded']),
      provider_refund_id: z.string().nullable(),
      staff_email: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  history: z.array(orderHistoryEntrySchema),
  /** The driver's proof, when the order was marked delivered in one step (KINGSTON.md §3). */
  delivery: deliveryProofSchema.nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** POST /api/admin/orders/{id}/status/. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(orderStatuses),
  note: text(500).default(''),
  tracking_number: text(100).optional(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** POST /api/admin/orders/{id}/mark-paid/: how the cash came in, for the audit log (optional). */
export const markPaidRequestSchema = z.object({ note: text(500).default('') }).default({ note: '' });
export type MarkPaidRequest = z.infer<typeof markPaidRequestSchema>;

/** POST /api/admin/orders/{id}/refund/: without `amount`, the rest of what was paid. */
export const orderRefundRequestSchema = z.object({
  amount: z
    .number()
    .positive()
    .max(21_474_836.47)
    .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, 'An amount has at most 2 decimals.')
    .optional(),
  reason: text(500).trim().min(1, 'Say why the money is given back.'),
  /** Units of the order's lines put back in stock in the same step (KINGSTON.md §7): never more than bought less returned. */
  restock: orderRestockSchema.optional(),
});
export type OrderRefundRequest = z.infer<typeof orderRefundRequestSchema>;

/** Every order action answers the order as it now is, and a notice when part of it could not be done. */
export const orderActionResponseSchema = z.object({ order: adminOrderSchema, notice: z.string().nullable() });
export type OrderActionResponse = z.infer<typeof orderActionResponseSchema>;

/** GET /api/admin/orders/: `count` is exact up to 10,000; `count_capped` is true when more match. */
export const adminOrderListSchema = adminListSchema(adminOrderSummarySchema).extend({ count_capped: z.boolean() });
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** GET /api/admin/orders/new-count/: orders placed after `since` that the shop has to handle. */
export const newOrdersQuerySchema = z.object({ since: z.iso.datetime().optional() });
export const newOrdersCountSchema = z.object({ count: z.number().int(), since: z.string() });
export type NewOrdersCount = z.infer<typeof newOrdersCountSchema>;

export const orderIdParamsSchema = z.object({ id: databaseId });

/** GET /api/admin/orders/{id}/payment-proofs/{proof_id}/ (KINGSTON.md §1). */
export const paymentProofParamsSchema = z.object({ id: databaseId, proof_id: databaseId });
