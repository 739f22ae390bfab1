/**
 * The back office's people and promotions, the parts without a schema: pages that validate no form
 * import these without loading zod (see web/vite.config.ts).
 */

/** The largest count a limit may name: what an `integer` column holds. */
export const maxLimit = 2_147_483_647;

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
export const hasCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

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

/** The most recent orders a customer's page lists; `orders_count` and `lifetime_spend` cover them all. */
export const customerRecentOrdersMax = 50;
