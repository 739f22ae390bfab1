import { formatMoney, shopCurrency, type AdminPromotion, type PromotionState } from '@threadline/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

const stateBadges: Record<PromotionState, { tone: BadgeTone; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  scheduled: { tone: 'amber', label: 'Scheduled' },
  ended: { tone: 'light', label: 'Ended' },
};

export function PromotionStateBadge({ state }: { state: PromotionState }) {
  const badge = stateBadges[state];
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}

export const discountText = (promotion: Pick<AdminPromotion, 'kind' | 'value'>) =>
  promotion.kind === 'percent' ? `${promotion.value}% off` : `${formatMoney(promotion.value, shopCurrency)} off`;

/** "12 / 100", or "12 / no limit". */
export const usageText = (promotion: Pick<AdminPromotion, 'times_used' | 'usage_limit'>) =>
  `${promotion.times_used.toLocaleString('en-JM')} / ${promotion.usage_limit === null ? 'no limit' : promotion.usage_limit.toLocaleString('en-JM')}`;

const day = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' });

export function datesText(promotion: Pick<AdminPromotion, 'starts_at' | 'ends_at'>): string {
  const { starts_at: starts, ends_at: ends } = promotion;
  if (!starts && !ends) return 'Any time';
  if (starts && ends) return `${day.format(new Date(starts))} to ${day.format(new Date(ends))}`;
  return starts ? `From ${day.format(new Date(starts))}` : `Until ${day.format(new Date(ends ?? ''))}`;
}
