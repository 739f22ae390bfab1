import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const orderQueryKey = (orderId: string) => ['order', orderId] as const;

/** `token` is the signed link of the order's e-mail: it opens the order on any device. */
export const getOrder = (orderId: string, token: string | null, signal?: AbortSignal) =>
  apiGet<Order>(`/orders/order/${encodeURIComponent(orderId)}/${token ? `?token=${encodeURIComponent(token)}` : ''}`, signal ? { signal } : {});

export const orderQueryOptions = (orderId: string, token: string | null = null) =>
  // The error view offers the way on; asking again would only hold the shopper on the loading line.
  queryOptions({ queryKey: orderQueryKey(orderId), queryFn: ({ signal }) => getOrder(orderId, token, signal), retry: false });

/**
 * One order of the current shopper (their guest session or their account), or the one the e-mail's
 * link names; anyone else's is a 404, a link not valid for it a 403 that says so.
 */
export const useOrder = (orderId: string, token: string | null = null) => useQuery(orderQueryOptions(orderId, token));
