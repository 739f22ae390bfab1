import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const orderQueryKey = (orderId: string) => ['order', orderId] as const;

export const getOrder = (orderId: string, signal?: AbortSignal) =>
  apiGet<Order>(`/orders/order/${encodeURIComponent(orderId)}/`, signal ? { signal } : {});

export const orderQueryOptions = (orderId: string) =>
  // The error view offers the way on; asking again would only hold the shopper on the loading line.
  queryOptions({ queryKey: orderQueryKey(orderId), queryFn: ({ signal }) => getOrder(orderId, signal), retry: false });

/** One order of the current shopper (their guest session or their account); anyone else's is a 404. */
export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
