import type { OrderStatus, PaymentStatus } from '@threadline/contracts';
import { orderStatusLooks, paymentStatusLook, type LabelTone } from '../order-labels.ts';

const tones: Record<LabelTone, string> = {
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
  sky: 'bg-sky-50 text-sky-900 ring-sky-300',
  indigo: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  green: 'bg-green-50 text-green-900 ring-green-300',
  red: 'bg-red-50 text-red-800 ring-red-200',
  stone: 'bg-stone-100 text-stone-800 ring-stone-300',
};

function Label({ label, tone }: { label: string; tone: LabelTone }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      {label}
    </span>
  );
}

export const OrderStatusLabel = ({ status }: { status: OrderStatus }) => <Label {...orderStatusLooks[status]} />;

export const PaymentStatusLabel = ({ order }: { order: { status: OrderStatus; payment_status: PaymentStatus } }) => (
  <Label {...paymentStatusLook(order)} />
);

/** A card payment made on the built-in test provider or in the provider's test mode: no money was taken. */
export const TestPaymentLabel = () => <Label label="TEST payment · no money taken" tone="red" />;
