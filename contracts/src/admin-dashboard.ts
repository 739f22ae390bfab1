import { z } from 'zod';
import { moneySchema } from './money.ts';
import { paymentMethods } from './order-rules.ts';
import { returnReasons } from './return-rules.ts';

const periodSchema = z.object({ orders: z.number(), revenue: moneySchema });

/** GET /api/admin/dashboard/ (BACKOFFICE.md), days and months in Jamaica's time. */
export const adminDashboardSchema = z.object({
  today: periodSchema,
  month: periodSchema,
  /** This month's orders that were not cancelled, by how they are paid (KINGSTON.md §1); revenue as above, paid ones only. */
  month_by_payment_method: z.array(z.object({ payment_method: z.enum(paymentMethods), orders: z.number(), revenue: moneySchema })),
  /** The last 30 days, oldest first, today last: `day` is YYYY-MM-DD in Jamaica. */
  last_30_days: z.array(z.object({ day: z.string(), orders: z.number(), revenue: moneySchema })),
  best_sellers: z.array(z.object({ id: z.number(), name: z.string(), units_sold: z.number() })),
  low_stock: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      variant_id: z.number(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      sku: z.string(),
      stock: z.number(),
    }),
  ),
  unpaid_cash_orders: z.object({
    count: z.number(),
    oldest: z.array(z.object({ id: z.number(), order_number: z.string(), name: z.string(), total: moneySchema, created_at: z.string() })),
  }),
  /** KINGSTON.md §3: orders past their promised date and neither delivered nor cancelled (the order list's `late=true`). */
  late_orders: z.object({ count: z.number() }),
  /** KINGSTON.md §1: bank transfers waiting for their money, oldest first; `has_proof` once the customer sent one to check. */
  awaiting_transfers: z.object({
    count: z.number(),
    with_proof: z.number(),
    oldest: z.array(
      z.object({
        id: z.number(),
        order_number: z.string(),
        name: z.string(),
        total: moneySchema,
        created_at: z.string(),
        has_proof: z.boolean(),
      }),
    ),
  }),
  /** KINGSTON.md §7: this month's returns not rejected, by the reason of their lines: lines and units, most units first. */
  returns_by_reason: z.array(z.object({ reason: z.enum(returnReasons), lines: z.number(), units: z.number() })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
