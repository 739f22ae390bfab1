import type { Order } from '@threadline/contracts';

const tones = {
  green: 'bg-green-100 text-green-800 ring-green-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  gray: 'bg-stone-100 text-stone-700 ring-stone-300',
  red: 'bg-red-100 text-red-800 ring-red-200',
} as const;

type Tone = keyof typeof tones;

/**
 * SPEC §4 on the confirmation: CONFIRMED green, PENDING yellow, anything else gray. An order being
 * processed, shipped or delivered has been confirmed; a new one is pending.
 */
export function orderStatusBadge(status: Order['status']): { label: string; tone: Tone } {
  if (status === 'pending') return { label: 'PENDING', tone: 'yellow' };
  if (status === 'processing' || status === 'shipped' || status === 'delivered') return { label: 'CONFIRMED', tone: 'green' };
  return { label: status.toUpperCase(), tone: 'gray' };
}

/** SPEC §4: COMPLETED 'Paid' green, PENDING 'Pending' yellow; refunds gray (BACKOFFICE.md); anything else 'Failed' red. */
export function paymentStatusBadge(status: Order['payment_status']): { label: string; tone: Tone } {
  if (status === 'COMPLETED') return { label: 'Paid', tone: 'green' };
  if (status === 'PENDING') return { label: 'Pending', tone: 'yellow' };
  if (status === 'REFUNDED') return { label: 'Refunded', tone: 'gray' };
  if (status === 'PARTIALLY_REFUNDED') return { label: 'Partly refunded', tone: 'gray' };
  return { label: 'Failed', tone: 'red' };
}

export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span data-tone={tone} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ring-inset ${tones[tone]}`}>
      {label}
    </span>
  );
}
