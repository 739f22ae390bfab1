import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { orderByIdQueryKey, ordersQueryKey } from './query-keys.ts';

// Under the order list's key, so sign-in and sign-out clear both.
export const orderDetailsQueryKey = (id: number) => [...ordersQueryKey, 'detail', id] as const;

export const orderQueryKey = (orderId: string) => [...orderByIdQueryKey, orderId] as const;

export const getOrders = (signal?: AbortSignal) => apiGet<Order[]>('/orders/', signal ? { signal } : {});

export const getOrderDetails = (id: number, signal?: AbortSignal) => apiGet<Order>(`/orders/${id}/`, signal ? { signal } : {});

/** `token` is the signed link of the order's e-mail: it opens the order on any device. */
export const getOrder = (orderId: string, token: string | null, signal?: AbortSignal) =>
  apiGet<Order>(
    `/orders/order/${encodeURIComponent(orderId)}/${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    signal ? { signal } : {},
  );

export const ordersQueryOptions = () => queryOptions({ queryKey: ordersQueryKey, queryFn: ({ signal }) => getOrders(signal) });

export const orderDetailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderDetailsQueryKey(id), queryFn: ({ signal }) => getOrderDetails(id, signal) });

export const orderQueryOptions = (orderId: string, token: string | null = null) =>
  // The error view offers the way on; asking again would only hold the shopper on the loading line.
  queryOptions({ queryKey: orderQueryKey(orderId), queryFn: ({ signal }) => getOrder(orderId, token, signal), retry: false });

/** The signed-in customer's orders, newest first. */
export const useOrders = () => useQuery(ordersQueryOptions());

/** One order in full; the list's copy shows meanwhile. */
export const useOrderDetails = (listed: Order) => useQuery({ ...orderDetailsQueryOptions(listed.id), placeholderData: listed });

/**
 * One order of the current shopper (their guest session or their account), or the one the e-mail's
 * link names; anyone else's is a 404, a link not valid for it a 403 that says so.
 */
export const useOrder = (orderId: string, token: string | null = null) => useQuery(orderQueryOptions(orderId, token));
