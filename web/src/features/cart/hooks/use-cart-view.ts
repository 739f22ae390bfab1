import { useMemo } from 'react';
import { useCart } from '@/lib/queries/cart.ts';
import { toCartView, type CartView } from '../cart-view.ts';
import { usePendingCart } from '../pending-cart-store.ts';

/** The cached cart with what this browser has not saved yet laid over it (SPEC §4). */
export function useCartView(): CartView {
  const { data } = useCart();
  const pending = usePendingCart();
  return useMemo(() => toCartView(data, pending), [data, pending]);
}

/**
 * Units for the header badge: the same cached cart the slide-out and the cart page show, plus adds
 * kept in this browser until the server takes them.
 */
export const useCartCount = (): number => useCartView().count;
