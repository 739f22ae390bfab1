import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useAfterHydration } from '@/lib/hydration.ts';
import { withInFlightChanges } from './cart-cache.ts';
import { cartQueryKey } from './query-keys.ts';

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

/**
 * The cart as the server holds it, the one way every page observes it (the header badge, the
 * slide-out, the cart page, checkout), so whichever of them fetches, the answer is read the same.
 * A page the server rendered shows an empty badge until it has hydrated; the cart is asked for
 * then, so its answer does not land in the middle of hydration.
 */
export const useCart = () => useQuery({ ...cartQueryOptions(), enabled: useAfterHydration(true, false) });
