import { z } from 'zod';
import { adminPageQuerySchema } from './admin.ts';
import { moneyAmount, text } from './input-bounds.ts';

/**
 * The back office's people and promotions (BACKOFFICE.md): customers, contact-form messages,
 * newsletter subscribers and promo codes. Money is JMD in major units; times are ISO-8601.
 */

/** The largest count a limit may name: what an `integer` column holds. */
const maxLimit = 2_147_483_647;

export const promotionKinds = ['percent', 'fixed'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/** Where a code stands today: taking orders, not yet started, or over (ended by staff, expired or used up). */
export const promotionStates = ['active', 'scheduled', 'ended'] as const;
export type PromotionState = (typeof promotionStates)[number];

export const promotionMessages = {
  percentValue: 'A percentage must be a whole number from 1 to 100.',
  fixedValue: 'A fixed discount must be more than J$0, in dollars and cents.',
  minSubtotal: 'The minimum subtotal is in dollars and cents.',
  endsBeforeStart: 'The end must be after the start.',
  codeCharacters: 'A code is letters, digits, - and _ only.',
  duplicateCode: (code: string) => `There is already a promo code ${code}.`,
  limitBelowUses: (uses: number) => `The usage limit cannot be below the ${uses} times the code was already used.`,
  notFound: 'Promotion not found.',
} as const;

/** Whole cents: an amount the shop can charge. */
const hasCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** ISO-8601 with a time zone (what `Date.prototype.toISOString` writes); the server keeps it in UTC. */
const moment = z.iso.datetime({ offset: true }).max(40);

export interface PromotionRuleValues {
  kind: PromotionKind;
  value: number;
  starts_at: string | null;
  ends_at: string | null;
}

/**
 * The rules of a code that span fields, the cart's own (value 1-100 for a percentage, more than 0
 * for a fixed amount, the end after the start): the server refuses what breaks them and the form
 * shows each beside its field.
 */
export function promotionRuleProblems(values: PromotionRuleValues): { field: 'value' | 'ends_at'; message: string }[] {
  const problems: { field: 'value' | 'ends_at'; message: string }[] = [];
  if (values.kind === 'percent' && !(Number.isInteger(values.value) && values.value >= 1 && values.value <= 100)) {
    problems.push({ field: 'value', message: promotionMessages.percentValue });
  }
  if (values.kind === 'fixed' && !(values.value > 0 && hasCents(values.value))) {
    problems.push({ field: 'value', message: promotionMessages.fixedValue });
  }
  if (values.starts_at && values.ends_at && Date.parse(values.ends_at) <= Date.parse(values.starts_at)) {
    problems.push({ field: 'ends_at', message: promotionMessages.endsBeforeStart });
  }
  return problems;
}

const promotionFields = {
  code: text(60)
    .trim()
    .min(1)
    .regex(/^[A-Za-z0-9_-]+$/, promotionMessages.codeCharacters),
  description: text(300),
  kind: z.enum(promotionKinds),
  /** A percentage (1-100), or JMD off for a fixed discount. */
  value: moneyAmount,
  min_subtotal: moneyAmount.refine(hasCents, promotionMessages.minSubtotal),
  starts_at: moment.nullable(),
  ends_at: moment.nullable(),
  usage_limit: z.number().int().min(1).max(maxLimit).nullable(),
  per_customer_limit: z.number().int().min(1).max(maxLimit).nullable(),
  first_order_only: z.boolean(),
  active: z.boolean(),
};

export const promotionCreateSchema = z
  .object({
    ...promotionFields,
    description: promotionFields.description.default(''),
    min_subtotal: promotionFields.min_subtotal.default(0),
    starts_at: promotionFields.starts_at.default(null),
    ends_at: promotionFields.ends_at.default(null),
    usage_limit: promotionFields.usage_limit.default(null),
    per_customer_limit: promotionFields.per_customer_limit.default(null),
    first_order_only: promotionFields.first_order_only.default(false),
    active: promotionFields.active.default(true),
  })
  .superRefine((values, context) => {
    for (const problem of promotionRuleProblems(values)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type PromotionCreate = z.infer<typeof promotionCreateSchema>;
export type PromotionCreateInput = z.input<typeof promotionCreateSchema>;

/** Any of the fields; `times_used` is counted by orders and cannot be sent. "End" a code with `{active: false}`. */
export const promotionUpdateSchema = z.strictObject(promotionFields).partial();
export type PromotionUpdate = z.infer<typeof promotionUpdateSchema>;

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
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  role: z.enum(['customer', 'staff', 'owner']),
  date_joined: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerOrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.string(),
  payment_status: z.string(),
  total: z.number(),
  created_at: z.string(),
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

export const adminCustomerAddressSchema = z.object({
  id: z.number(),
  label: z.string(),
  street_address: z.string(),
  apartment: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  is_default: z.boolean(),
});

/** The most recent orders a customer's page lists; `orders_count` and `lifetime_spend` cover them all. */
export const customerRecentOrdersMax = 50;

export const adminCustomerDetailSchema = adminCustomerSchema.extend({
  email_verified: z.boolean(),
  addresses: z.array(adminCustomerAddressSchema),
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
