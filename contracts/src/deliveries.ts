import { z } from 'zod';
import { moneySchema } from './money.ts';
import { deliveryMessages, receivedByMaxLength } from './driver-rules.ts';
import { orderStatuses, paymentMethods, paymentStatuses } from './order-rules.ts';

/** A real calendar day written YYYY-MM-DD. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, deliveryMessages.dateInvalid)
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00.000Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, deliveryMessages.dateInvalid);

/** GET /api/admin/deliveries/run-sheet/: the day (Jamaica's; today when left out), as a PDF or JSON. */
export const runSheetQuerySchema = z.object({
  date: calendarDay.optional(),
  format: z.enum(['pdf', 'json']).default('pdf'),
});
export type RunSheetQuery = z.infer<typeof runSheetQuerySchema>;

/** The proof a delivery keeps: who received it, when, whether cash was collected, by whom, and whether a photo was taken. */
export const deliveryProofSchema = z.object({
  received_by: z.string(),
  delivered_at: z.string(),
  cash_collected: z.boolean(),
  /** Staff open it with GET /api/admin/orders/{id}/delivery-photo/; nobody else can. */
  has_photo: z.boolean(),
  staff_email: z.string().nullable(),
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

export const runSheetStopSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  customer_name: z.string(),
  phone: z.string(),
  address: z.object({ street_address: z.string(), apartment: z.string(), city: z.string(), parish: z.string() }),
  /** "Opposite the Texaco": how the driver finds a house without a postcode; '' when none was given. */
  landmark: z.string(),
  /** The Jamaican date it was promised by (null before promises were made), and whether that was before the sheet's day. */
  promised_by: z.string().nullable(),
  late: z.boolean(),
  items: z.array(z.object({ name: z.string(), size: z.string().nullable(), color: z.string().nullable(), quantity: z.number().int() })),
  payment_method: z.enum(paymentMethods),
  payment_status: z.enum(paymentStatuses),
  /** The order's total for an unpaid cash-on-delivery order, else 0 (JMD). */
  cash_to_collect: moneySchema,
  /** The proof, once the stop was marked delivered in one step that day. */
  delivery: deliveryProofSchema.nullable(),
});
export type RunSheetStop = z.infer<typeof runSheetStopSchema>;

export const runSheetSchema = z.object({
  date: z.string(),
  stop_count: z.number().int(),
  /** The sum of the stops' cash to collect: the unpaid cash orders on the sheet. */
  cash_to_collect: moneySchema,
  parishes: z.array(z.object({ parish: z.string(), cash_to_collect: moneySchema, stops: z.array(runSheetStopSchema) })),
});
export type RunSheet = z.infer<typeof runSheetSchema>;

/** POST /api/admin/orders/{id}/delivered/ (multipart): the text fields of the form, as they arrive. */
export const deliveredFormSchema = z.object({
  received_by: z
    .string({ error: deliveryMessages.receivedByRequired })
    .trim()
    .min(1, deliveryMessages.receivedByRequired)
    .max(receivedByMaxLength, deliveryMessages.receivedByTooLong(receivedByMaxLength))
    .refine((value) => !value.includes('\u0000'), deliveryMessages.receivedByRequired),
  cash_collected: z
    .enum(['true', 'false'], { error: deliveryMessages.cashCollectedInvalid })
    .default('false')
    .transform((value) => value === 'true'),
});
export type DeliveredForm = z.infer<typeof deliveredFormSchema>;
