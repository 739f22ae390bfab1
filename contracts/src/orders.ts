import { z } from 'zod';
import { text } from './input-bounds.ts';
import { currencyCodeSchema, moneySchema } from './money.ts';
import { checkoutFieldMaxLength, orderSources, orderStatuses, paymentMethods, paymentStatuses, shippingMethods } from './order-rules.ts';

const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  quantity: z.number().int(),
  price: moneySchema,
  size: z.string().nullable(),
  color: z.string().nullable(),
});

const shippingAddressSchema = z.object({
  street_address: z.string(),
  apartment: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  /** What to look for there ("opposite the Texaco"), '' when none (KINGSTON.md §3). */
  landmark: z.string(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  created_at: z.string(),
  total: moneySchema,
  total_amount: moneySchema,
  subtotal: moneySchema,
  discount_amount: moneySchema,
  shipping_cost: moneySchema,
  tax_amount: moneySchema,
  /** True: the prices, and so the total, hold `tax_amount`; false: it was added on top of them. */
  prices_include_tax: z.boolean(),
  /** The shop's invoice number (`INV-000001`), given when the order is paid; null until then. */
  invoice_number: z.string().nullable(),
  payment_method: z.enum(paymentMethods),
  shipping_method: z.enum(shippingMethods),
  /** Display currency chosen at checkout and 1 JMD in it then (amounts stay JMD). */
  exchange_rate: z.number(),
  customer_name: z.string(),
  email: z.string(),
  currency: currencyCodeSchema,
  shipping_address: shippingAddressSchema.nullable(),
  /** The code of the Knutsford Express branch or post office it is collected at (knutsford, post_office); else null. */
  pickup_point: z.string().nullable(),
  /** The Jamaican date (YYYY-MM-DD) it is expected by (KINGSTON.md §3); null for orders placed before promises were made. */
  promised_by: z.string().nullable(),
  /** Text form of the shipping address (SPEC §3 allows plain text); empty for pickup. */
  shipping_address_text: z.string(),
  items: z.array(orderItemSchema),
  item_count: z.number().int(),
  /** When an unpaid card order will be cancelled and its stock released. */
  expires_at: z.string().nullable(),
  /** Given back so far (JMD). */
  refunded_amount: moneySchema,
  /** The tracking number it was shipped with, if any. */
  tracking_number: z.string().nullable(),
  /** Every status it went through, oldest first, from being placed. */
  status_history: z.array(z.object({ status: z.enum(orderStatuses), created_at: z.string() })),
  /** The proofs of a bank transfer the customer sent, oldest first (KINGSTON.md §1); only staff open one. */
  payment_proofs: z.array(z.object({ id: z.number().int(), uploaded_at: z.string() })),
  /** Where it came from: `storefront`, or `exchange` for the replacement of a return (KINGSTON.md §7). */
  source: z.enum(orderSources),
});
export type Order = z.infer<typeof orderSchema>;

/** A checkout field, at most as long as the order's column for it. */
const formText = (max: number) => text(max).default('');

/** Missing fields default to '' so the server answers the spec's '{field} is required' message. */
export const checkoutRequestSchema = z.object({
  first_name: formText(checkoutFieldMaxLength.first_name),
  last_name: formText(checkoutFieldMaxLength.last_name),
  email: formText(checkoutFieldMaxLength.email),
  phone: formText(checkoutFieldMaxLength.phone),
  address_line1: formText(checkoutFieldMaxLength.address_line1),
  address_line2: formText(checkoutFieldMaxLength.address_line2),
  country: formText(checkoutFieldMaxLength.country),
  city: formText(checkoutFieldMaxLength.city),
  parish: formText(checkoutFieldMaxLength.parish),
  postal_code: formText(checkoutFieldMaxLength.postal_code),
  /** What the driver looks for ("opposite the Texaco"), KINGSTON.md §3. */
  landmark: formText(checkoutFieldMaxLength.landmark),
  /** The code of a pickup point `GET /api/store/` lists, for knutsford and post_office. */
  pickup_point: text(40).optional(),
  shipping_method: z.enum(shippingMethods),
  payment_method: z.enum(paymentMethods),
  /** Ignored by the server: shipping is priced from the method. */
  shipping_cost: z.union([z.number(), text(20)]).optional(),
  currency: currencyCodeSchema.default('JMD'),
  save_address: z.boolean().default(false),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  success: z.boolean(),
  redirect: z.enum(['stripe', 'confirmation']).optional(),
  order_id: z.number().int().optional(),
  error: z.string().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/orders/{id}/payment-proof/: the order with its proofs, the new one last. */
export const paymentProofResponseSchema = z.object({ success: z.boolean(), order: orderSchema });
export type PaymentProofResponse = z.infer<typeof paymentProofResponseSchema>;

export const cardSessionResponseSchema = z.object({
  success: z.boolean(),
  checkout_url: z.string().optional(),
  error: z.string().optional(),
});
export type CardSessionResponse = z.infer<typeof cardSessionResponseSchema>;
export const verifySessionRequestSchema = z.object({ session_id: text(255).min(1) });
export type VerifySessionRequest = z.infer<typeof verifySessionRequestSchema>;
/** Why a payment that arrived was given back rather than taken for its order. */
const paymentRefundReasons = ['order_cancelled', 'already_paid'] as const;
export type PaymentRefundReason = (typeof paymentRefundReasons)[number];
/**
 * The payment's own status: the order's, or REFUNDED when this session was paid for an order that
 * was cancelled or already paid by another session (refund_reason says which).
 */
export const verifySessionResponseSchema = z.object({
  success: z.boolean(),
  payment_status: z.enum(['PENDING', 'COMPLETED', 'FAILED', 'REFUNDED']),
  refund_reason: z.enum(paymentRefundReasons).optional(),
  order_id: z.number().int(),
});
export type VerifySessionResponse = z.infer<typeof verifySessionResponseSchema>;

/**
 * The shopper gives up an unpaid card order: it is cancelled, its stock and promo use are released,
 * and its items go back into the shopper's cart (as far as stock allows).
 */
export const cancelOrderResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  order: orderSchema,
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

/**
 * The signed link of an order e-mail: it opens that one order on any device, until it expires.
 * Form: `<expiry in unix seconds>.<signature>`.
 */
export const orderLinkQuerySchema = z.object({ token: text(120).optional() });
export type OrderLinkQuery = z.infer<typeof orderLinkQuerySchema>;

/** Whether card payments are real (Stripe) or the built-in test provider's, which take no money. */
export const cardPaymentConfigSchema = z.object({ test_payments: z.boolean() });
export type CardPaymentConfig = z.infer<typeof cardPaymentConfigSchema>;

/** The shop's answer to the card provider's webhook, once the event is taken (or was already). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

export const orderListResponseSchema = z.array(orderSchema);
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
