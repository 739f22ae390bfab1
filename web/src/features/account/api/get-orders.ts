import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const ordersQueryKey = ['orders'] as const;

export const getOrders = (signal?: AbortSignal) => apiGet<Order[]>('/orders/', signal ? { signal } : {});

export const ordersQueryOptions = () => queryOptions({ queryKey: ordersQueryKey, queryFn: ({ signal }) => getOrders(signal) });

/** The signed-in customer's orders, newest first. */
export const useOrders = () => useQuery(ordersQueryOptions());
