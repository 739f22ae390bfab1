import type { OrderStatus } from '@threadline/contracts';
import { CircleCheckBig, CircleX, Clock, Package, Store, Truck, type LucideIcon } from 'lucide-react';
import { knownOrderStatus } from '../order-preview.ts';

const looks: Record<OrderStatus, { label: string; tone: string; Icon: LucideIcon }> = {
  pending: { label: 'Pending', tone: 'bg-amber-50 text-amber-900 ring-amber-300', Icon: Clock },
  processing: { label: 'Processing', tone: 'bg-sky-50 text-sky-900 ring-sky-300', Icon: Package },
  ready_for_pickup: { label: 'Ready for pickup', tone: 'bg-teal-50 text-teal-900 ring-teal-300', Icon: Store },
  shipped: { label: 'Shipped', tone: 'bg-indigo-50 text-indigo-900 ring-indigo-300', Icon: Truck },
  delivered: { label: 'Delivered', tone: 'bg-brand-50 text-brand-900 ring-brand-300', Icon: CircleCheckBig },
  cancelled: { label: 'Cancelled', tone: 'bg-red-50 text-red-800 ring-red-200', Icon: CircleX },
};

/** SPEC §4 order status: a colour and an icon each; unknown or missing shows 'Pending'. */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const look = looks[knownOrderStatus(status)];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset ${look.tone}`}>
      <look.Icon className="size-3.5" aria-hidden="true" />
      {look.label}
    </span>
  );
}
