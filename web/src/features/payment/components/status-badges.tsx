import { orderStatusWords, paymentState, paymentStateLabels, type Order, type PaymentState } from '@threadline/contracts';

const tones = {
  green: 'bg-green-100 text-green-800 ring-green-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  gray: 'bg-stone-100 text-stone-700 ring-stone-300',
  red: 'bg-red-100 text-red-800 ring-red-200',
} as const;

type Tone = keyof typeof tones;

/**
 * SPEC §4's colours on the confirmation (entry 62): a new order PENDING yellow; one the shop took on
 * green, under the name of where it is (PROCESSING, READY FOR PICKUP, SHIPPED, DELIVERED); anything
 * else gray.
 */
export function orderStatusBadge(status: Order['status']): { label: string; tone: Tone } {
  const label = orderStatusWords[status].toUpperCase();
  if (status === 'pending') return { label, tone: 'yellow' };
  if (status === 'cancelled') return { label, tone: 'gray' };
  return { label, tone: 'green' };
}

const paymentTones: Record<PaymentState, Tone> = {
  due: 'yellow',
  paid: 'green',
  failed: 'red',
  partly_refunded: 'gray',
  refunded: 'gray',
  void: 'gray',
};

/** SPEC §4: 'Paid' green, 'Pending' yellow, 'Failed' red; refunds gray (BACKOFFICE.md); a cancelled unpaid order owes nothing: 'Void (not due)' gray. */
export function paymentStatusBadge(order: Pick<Order, 'status' | 'payment_status'>): { label: string; tone: Tone } {
  const state = paymentState(order);
  return { label: paymentStateLabels[state], tone: paymentTones[state] };
}

export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset ${tones[tone]}`}
    >
      {label}
    </span>
  );
}
