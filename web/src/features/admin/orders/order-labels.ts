import {
  formatMoney,
  moneyAmountOf,
  moneyTextMessage,
  paymentState,
  paymentStateLabels,
  shopCurrency,
  type OrderStatus,
  type PaymentState,
  type PaymentStatus,
} from '@threadline/contracts';

export type LabelTone = 'amber' | 'sky' | 'indigo' | 'green' | 'red' | 'stone';

export const orderStatusLooks: Record<OrderStatus, { label: string; tone: LabelTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  processing: { label: 'Processing', tone: 'sky' },
  ready_for_pickup: { label: 'Ready for pickup', tone: 'indigo' },
  shipped: { label: 'Shipped', tone: 'indigo' },
  delivered: { label: 'Delivered', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

const paymentTones: Record<PaymentState, LabelTone> = {
  due: 'amber',
  paid: 'green',
  failed: 'red',
  partly_refunded: 'stone',
  refunded: 'stone',
  void: 'stone',
};

/** Where the order's payment stands: a cancelled order never paid owes nothing ('Void (not due)'), never 'Pending'. */
export const paymentStatusLook = (order: { status: OrderStatus; payment_status: PaymentStatus }) => {
  const state = paymentState(order);
  return { label: paymentStateLabels[state], tone: paymentTones[state] };
};

/** The button that moves an order on, in the words of the shop floor. */
export const moveLabels: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  processing: 'Start processing',
  ready_for_pickup: 'Mark ready for pickup',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

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
