import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@threadline/contracts';
import { useMemo } from 'react';
import { apiGet } from '@/lib/api-client.ts';
import { useAfterHydration } from '@/lib/hydration.ts';
import { toCartView, type CartView } from '../cart-view.ts';
import { usePendingCart } from '../pending-cart-store.ts';
import { cartQueryKey, withInFlightChanges } from './cart-cache.ts';

export const getCart = (signal?: AbortSignal) => apiGet<Cart>('/orders/cart/', signal ? { signal } : {});

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartQueryKey,
    // A reload that lands while a quantity change is on its way keeps showing that change.
    queryFn: async ({ client, signal }) => withInFlightChanges(client, await getCart(signal)),
    staleTime: 10_000,
    // The cart answer is remembered by reference (cart-cache.ts); sharing would swap the object.
    structuralSharing: false,
    // Offline, fail (and show what is kept locally) rather than wait paused behind a skeleton.
    networkMode: 'always',
  });

// A page the server rendered shows an empty badge until it has hydrated; the cart is asked for then,
// so its answer does not land in the middle of hydration.
export const useCart = () => useQuery({ ...cartQueryOptions(), enabled: useAfterHydration(true, false) });

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
