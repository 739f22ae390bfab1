import { formatMoney, moneyAmountOf, moneyTextMessage, paymentStatusLabels, shopCurrency, type OrderStatus, type PaymentStatus } from '@threadline/contracts';

export type LabelTone = 'amber' | 'sky' | 'indigo' | 'green' | 'red' | 'stone';

export const orderStatusLooks: Record<OrderStatus, { label: string; tone: LabelTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  processing: { label: 'Processing', tone: 'sky' },
  shipped: { label: 'Shipped', tone: 'indigo' },
  delivered: { label: 'Delivered', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

const paymentTones: Record<PaymentStatus, LabelTone> = {
  PENDING: 'amber',
  COMPLETED: 'green',
  FAILED: 'red',
  PARTIALLY_REFUNDED: 'stone',
  REFUNDED: 'stone',
};

export const paymentStatusLook = (status: PaymentStatus) => ({ label: paymentStatusLabels[status], tone: paymentTones[status] });

/** The button that moves an order on, in the words of the shop floor. */
export const moveLabels: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  processing: 'Start processing',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

export const paymentMethodLabels = { stripe: 'Card', cash_on_delivery: 'Cash on delivery' } as const;

/** Back-office amounts are always JMD, as charged. */
export const formatJmd = (amount: number) => formatMoney(amount, shopCurrency);

const when = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => when.format(new Date(iso));

/**
 * The refund dialog's amount as cents, or why it cannot be sent: empty means the rest of what was
 * paid; more than `left`, not a number, or with more than 2 decimals is refused before it is sent.
 */
export function refundAmount(text: string, left: number): { amount: number | undefined } | { error: string } {
  if (text.trim() === '') return { amount: undefined };
  const amount = moneyAmountOf(text);
  if (amount === null) return { error: moneyTextMessage };
  if (amount <= 0) return { error: 'Enter an amount above 0.' };
  if (Math.round(amount * 100) > Math.round(left * 100)) return { error: `At most ${formatJmd(left)} is left to refund.` };
  return { amount };
}
