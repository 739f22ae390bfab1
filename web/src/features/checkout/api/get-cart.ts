import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

/** The cart under the key the cart feature uses, so the summary, the header badge and the cart pages share one copy. */
export const checkoutCartQueryKey = ['cart'] as const;

export const getCart = (signal?: AbortSignal) => apiGet<Cart>('/orders/cart/', signal ? { signal } : {});

export const checkoutCartQueryOptions = () =>
  queryOptions({ queryKey: checkoutCartQueryKey, queryFn: ({ signal }) => getCart(signal), staleTime: 10_000 });

export const useCheckoutCart = () => useQuery(checkoutCartQueryOptions());
