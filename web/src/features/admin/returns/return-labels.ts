import type { AdminReturn, ReturnStatus } from '@threadline/contracts';
import type { BadgeTone } from '@/components/ui/badge.tsx';

/** The status filter's choices, in the order a return moves through them; the rejected come last. */
export const returnFilterStatuses = [
  'requested',
  'approved',
  'received',
  'refunded',
  'exchanged',
  'rejected',
] as const satisfies readonly ReturnStatus[];

export const returnStatusTones: Record<ReturnStatus, BadgeTone> = {
  requested: 'amber',
  approved: 'light',
  rejected: 'danger',
  received: 'dark',
  refunded: 'success',
  exchanged: 'success',
};

/**
 * What the refund field starts with: what the returned units were bought for, never more than the
 * order can still give back, as plain digits the money parser reads ("3900", "1250.50").
 */
export function refundSuggestion(item: Pick<AdminReturn, 'items' | 'refundable_amount'>): string {
  const returnedCents = item.items.reduce((sum, line) => sum + Math.round(line.unit_price * 100) * line.quantity, 0);
  const cents = Math.max(0, Math.min(returnedCents, Math.round(item.refundable_amount * 100)));
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A restock field's units, or why they cannot be sent: a whole number from 0 (not resellable) to what came back. */
export function restockUnits(text: string, returned: number): { quantity: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > returned) return { error: `Enter a whole number from 0 to ${returned}.` };
  return { quantity: Number(trimmed) };
}
