import { z } from 'zod';
import { adminListSchema, adminPageQuerySchema } from './admin.ts';
import { databaseId, sentNumber, text } from './input-bounds.ts';
import { moneySchema } from './money.ts';
import { paymentStatuses } from './order-rules.ts';
import { returnLimits, returnMessages, returnReasons, returnResolutions, returnStatusChanges, returnStatuses } from './return-rules.ts';

/** Schemas of returns and exchanges (KINGSTON.md §7); their words and limits are in return-rules.ts. */

/** Units of one line: a whole number from 1 to what an order line can hold. */
const units = sentNumber(z.number().int('Quantities are whole numbers.').min(1, 'Return at least one unit.').max(100_000));
/** A size or colour as a variant is named; null for a product sold without one. */
const variantWord = text(100).trim().nullable();

export const returnItemRequestSchema = z.object({
  order_item_id: databaseId,
  quantity: units,
  reason: z.enum(returnReasons),
});

/** The replacement of a returned line: the same product in the size and colour named. */
export const exchangeForSchema = z.object({
  order_item_id: databaseId,
  variant_size: variantWord,
  variant_color: variantWord,
});

/** POST /api/orders/{id}/returns/. */
export const returnRequestSchema = z
  .object({
    items: z.array(returnItemRequestSchema).min(1, 'Choose at least one item to return.').max(returnLimits.items),
    resolution: z.enum(returnResolutions),
    exchange_for: z.array(exchangeForSchema).max(returnLimits.items).default([]),
    note: text(returnLimits.noteLength).trim().default(''),
  })
  .superRefine((request, context) => {
    const returned = request.items.map((item) => item.order_item_id);
    if (new Set(returned).size !== returned.length)
      context.addIssue({ code: 'custom', path: ['items'], message: returnMessages.itemTwice });
    const replaced = request.exchange_for.map((item) => item.order_item_id);
    if (new Set(replaced).size !== replaced.length)
      context.addIssue({ code: 'custom', path: ['exchange_for'], message: returnMessages.itemTwice });
    if (request.resolution === 'refund' && replaced.length > 0)
      context.addIssue({ code: 'custom', path: ['exchange_for'], message: returnMessages.exchangeOnlyForExchange });
    if (request.resolution === 'exchange' && replaced.length === 0)
      context.addIssue({ code: 'custom', path: ['exchange_for'], message: returnMessages.exchangeNeeded });
    if (replaced.some((id) => !returned.includes(id)))
      context.addIssue({ code: 'custom', path: ['exchange_for'], message: returnMessages.exchangeNotReturned });
  });
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnItemSchema = z.object({
  /** The return line's own id: what `restock` names. */
  id: z.number().int(),
  order_item_id: z.number().int(),
  product_name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number().int(),
  reason: z.enum(returnReasons),
  /** What one unit was bought for (JMD). */
  unit_price: moneySchema,
  /** Units put back in stock when the return was received. */
  restocked_quantity: z.number().int(),
});
export type ReturnItem = z.infer<typeof returnItemSchema>;

export const exchangeLineSchema = z.object({
  order_item_id: z.number().int(),
  variant_size: z.string().nullable(),
  variant_color: z.string().nullable(),
  /** The returned line's units: the replacement is as many of the new size or colour. */
  quantity: z.number().int(),
});
export type ExchangeLine = z.infer<typeof exchangeLineSchema>;

/** The order an exchange made (`source: exchange`): unpaid when the replacement costs more than what came back. */
export const exchangeOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  total: moneySchema,
  payment_status: z.enum(paymentStatuses),
});
export type ExchangeOrder = z.infer<typeof exchangeOrderSchema>;

/** A return as the customer sees it on the order (KINGSTON.md §7). */
export const returnSchema = z.object({
  id: z.number().int(),
  /** `R-` and the order's number with the return's count on it: R-TL-…-1. */
  return_number: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  status: z.enum(returnStatuses),
  resolution: z.enum(returnResolutions),
  items: z.array(returnItemSchema),
  exchange_for: z.array(exchangeLineSchema),
  note: z.string(),
  /** What the shop gave back for it so far (JMD). */
  refunded_amount: moneySchema,
  exchange_order: exchangeOrderSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Return = z.infer<typeof returnSchema>;

/** GET /api/orders/{id}/returns/: the order's returns, newest first. */
export const returnListSchema = z.object({ results: z.array(returnSchema) });
export type ReturnList = z.infer<typeof returnListSchema>;

/** A return as staff see it: who asked, the order's money, and the shop's last note. */
export const adminReturnSchema = returnSchema.extend({
  email: z.string(),
  customer_name: z.string(),
  /** What can still be refunded on the order (JMD): what was paid less refunds. */
  refundable_amount: moneySchema,
  staff_note: z.string(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnListSchema = adminListSchema(adminReturnSchema);
export type AdminReturnList = z.infer<typeof adminReturnListSchema>;

/** GET /api/admin/returns/?status=: newest first. */
export const adminReturnQuerySchema = adminPageQuerySchema.extend({ status: z.enum(returnStatuses).optional() });
export type AdminReturnQuery = z.infer<typeof adminReturnQuerySchema>;

const restockUnits = sentNumber(z.number().int('Quantities are whole numbers.').min(0).max(100_000));

/** POST /api/admin/returns/{id}/status/: `restock` only with `received`, never more than each line returned. */
export const returnStatusRequestSchema = z.object({
  status: z.enum(returnStatusChanges),
  note: text(returnLimits.staffNoteLength).trim().default(''),
  restock: z
    .array(z.object({ return_item_id: databaseId, quantity: restockUnits }))
    .max(returnLimits.items)
    .default([]),
});
export type ReturnStatusRequest = z.infer<typeof returnStatusRequestSchema>;

/** A JMD amount staff give back: positive, 2 decimals at most, within what a column holds. */
const refundAmount = z
  .number()
  .positive()
  .max(21_474_836.47)
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, 'An amount has at most 2 decimals.');

/** POST /api/admin/returns/{id}/refund/: without `amount`, what the returned units were bought for (at most what is refundable). */
export const returnRefundRequestSchema = z.object({ amount: refundAmount.optional() }).default({});
export type ReturnRefundRequest = z.infer<typeof returnRefundRequestSchema>;

/** Restocking that a refund from the order page does in the same step (KINGSTON.md §7). */
export const orderRestockSchema = z.array(z.object({ order_item_id: databaseId, quantity: units })).max(returnLimits.items);
export type OrderRestock = z.infer<typeof orderRestockSchema>;

/** Every staff action on a return answers it as it now is, and a notice when part of it could not be done. */
export const returnActionResponseSchema = z.object({ return: adminReturnSchema, notice: z.string().nullable() });
export type ReturnActionResponse = z.infer<typeof returnActionResponseSchema>;
