import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { ordersQueryKey } from './get-orders.ts';

// Under the order list's key, so sign-in and sign-out clear both.
export const orderDetailsQueryKey = (id: number) => [...ordersQueryKey, 'detail', id] as const;

export const getOrder = (id: number, signal?: AbortSignal) => apiGet<Order>(`/orders/${id}/`, signal ? { signal } : {});

export const orderDetailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderDetailsQueryKey(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** One order in full; the list's copy shows meanwhile. */
export const useOrderDetails = (listed: Order) => useQuery({ ...orderDetailsQueryOptions(listed.id), placeholderData: listed });
