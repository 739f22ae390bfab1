import { formatMoney, serverMessages, minorToMajor, shopCurrency, type PromotionState } from '@threadline/contracts';

export interface PromoRow {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  min_subtotal: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  times_used: number;
  first_order_only: number;
  is_active: number;
}

export interface PromoContext {
  now: string;
  subtotal: number;
  /** Known once the shopper is signed in or gives an e-mail at checkout; guests' carts skip these checks. */
  customer: { uses: number; hasPreviousOrder: boolean } | null;
}

/** Why the code gives no discount here, or null when it applies. */
export function promoIneligibility(promo: PromoRow, context: PromoContext): string | null {
  if (promo.is_active !== 1) return serverMessages.promoInvalid;
  if (promo.starts_at !== null && promo.starts_at > context.now) return serverMessages.promoInvalid;
  if (promo.ends_at !== null && promo.ends_at <= context.now) return serverMessages.promoInvalid;
  if (promo.usage_limit !== null && promo.times_used >= promo.usage_limit) return serverMessages.promoInvalid;
  if (context.subtotal <= 0) return serverMessages.promoEmptyCart;
  if (context.subtotal < promo.min_subtotal) {
    return serverMessages.promoBelowMinimum(formatMoney(minorToMajor(promo.min_subtotal), shopCurrency));
  }
  if (context.customer) {
    if (promo.first_order_only === 1 && context.customer.hasPreviousOrder) return serverMessages.promoFirstOrderOnly;
    if (promo.per_customer_limit !== null && context.customer.uses >= promo.per_customer_limit) {
      return serverMessages.promoAlreadyUsed;
    }
  }
  return null;
}

/** Codes are matched without regard to case or surrounding spaces. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

export const customerKey = (customer: { userId: number | null; email: string | null }) =>
  customer.userId !== null ? `user:${customer.userId}` : customer.email ? `email:${customer.email.trim().toLowerCase()}` : null;

/** Where a code stands at `now`, as the back office's badges show it (the SQL twin is in promotions-admin.repository.ts). */
export function promotionState(
  promo: Pick<PromoRow, 'is_active' | 'starts_at' | 'ends_at' | 'usage_limit' | 'times_used'>,
  now: string,
): PromotionState {
  const ended =
    promo.is_active !== 1 ||
    (promo.ends_at !== null && promo.ends_at <= now) ||
    (promo.usage_limit !== null && promo.times_used >= promo.usage_limit);
  if (ended) return 'ended';
  return promo.starts_at !== null && promo.starts_at > now ? 'scheduled' : 'active';
}
