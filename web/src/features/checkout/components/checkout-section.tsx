import type { ReactNode } from 'react';

/** One card of the checkout form. */
export function CheckoutSection({ children }: { children: ReactNode }) {
  return <section className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">{children}</section>;
}
