import { z } from 'zod';
import { hasCents, maxLimit, promotionKinds, promotionMessages, promotionRuleProblems } from './admin-people-rules.ts';
import { moneyAmount, text } from './input-bounds.ts';

/**
 * A promo code as staff create or change it (POST and PATCH /api/admin/promotions/). Apart from the
 * other admin schemas, so the one page that validates it loads zod without dragging in every list's.
 */

/** ISO-8601 with a time zone (what `Date.prototype.toISOString` writes); the server keeps it in UTC. */
const moment = z.iso.datetime({ offset: true }).max(40);

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
    for (const problem of promotionRuleProblems(values))
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type PromotionCreate = z.infer<typeof promotionCreateSchema>;
export type PromotionCreateInput = z.input<typeof promotionCreateSchema>;

/** Any of the fields; `times_used` is counted by orders and cannot be sent. "End" a code with `{active: false}`. */
export const promotionUpdateSchema = z.strictObject(promotionFields).partial();
export type PromotionUpdate = z.infer<typeof promotionUpdateSchema>;
