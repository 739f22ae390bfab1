import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const adminOrderQueryKey = (id: number) => [...adminQueryKey, 'order', id] as const;

export const adminOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminOrderQueryKey(id), queryFn: ({ signal }) => apiGet<AdminOrder>(`/admin/orders/${id}/`, { signal }) });

/** One order in full: items, customer, addresses, payments, refunds and its history. */
export const useAdminOrder = (id: number) => useQuery(adminOrderQueryOptions(id));
