import { z } from 'zod';
import { adminPageQuerySchema } from './admin.ts';
import { addressSchema } from './accounts.ts';
import { promotionKinds, promotionStates } from './admin-people-rules.ts';
import { text } from './input-bounds.ts';
import { orderStatuses, paymentStatuses } from './order-rules.ts';

/**
 * The back office's people and promotions (BACKOFFICE.md): customers, contact-form messages,
 * newsletter subscribers and promo codes. Money is JMD in major units; times are ISO-8601.
 */

export const adminPromotionSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(promotionKinds),
  value: z.number(),
  min_subtotal: z.number(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().nullable(),
  per_customer_limit: z.number().nullable(),
  first_order_only: z.boolean(),
  active: z.boolean(),
  times_used: z.number(),
  state: z.enum(promotionStates),
  created_at: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const promotionListQuerySchema = adminPageQuerySchema.extend({
  state: z.enum(promotionStates).optional(),
  search: text(60).optional(),
});
export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;

// Customers

export const customerSearchQuerySchema = adminPageQuerySchema.extend({
  /** The start of an e-mail address, a first or last name, or 'first last'. */
  search: text(100).optional(),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

export const adminCustomerSchema = z.object({
  /** The account's id; null for a guest buyer, who is known by the e-mail address of their orders. */
  id: z.number().nullable(),
  /** `account`: a customer account; `guest`: someone who bought without one (by e-mail address). */
  kind: z.enum(['account', 'guest']),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  role: z.enum(['customer', 'staff', 'owner']),
  /** When the account was made, or a guest's first order was placed. */
  date_joined: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerOrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  total: z.number(),
  created_at: z.string(),
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

export const adminCustomerDetailSchema = adminCustomerSchema.extend({
  id: z.number(),
  email_verified: z.boolean(),
  addresses: z.array(addressSchema),
  orders: z.array(adminCustomerOrderSchema),
  orders_count: z.number(),
  /** JMD paid for orders that were neither cancelled nor refunded. */
  lifetime_spend: z.number(),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const customerMessages = { notFound: 'Customer not found.' } as const;

// Contact-form messages

export const messageListQuerySchema = adminPageQuerySchema.extend({ status: z.enum(['unread', 'read']).optional() });
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const adminContactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  read_at: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

/** A message list also says how many are unread in all, for the heading. */
export const adminMessageListSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(adminContactMessageSchema),
  unread: z.number(),
});
export type AdminMessageList = z.infer<typeof adminMessageListSchema>;

export const messageUpdateSchema = z.strictObject({ read: z.boolean() });
export type MessageUpdate = z.infer<typeof messageUpdateSchema>;

export const contactMessageMessages = { notFound: 'Message not found.' } as const;

// Newsletter subscribers

export const subscriberStatuses = ['subscribed', 'unsubscribed'] as const;

export const newsletterQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(subscriberStatuses).optional(),
  /** `csv`: every subscriber the filter covers, as a file (pages do not apply). */
  format: z.enum(['json', 'csv']).optional(),
});
export type NewsletterQuery = z.infer<typeof newsletterQuerySchema>;

export const adminSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  subscribed_at: z.string(),
  unsubscribed_at: z.string().nullable(),
  subscribed: z.boolean(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;
