import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const adminProductQueryKey = (id: number) => [...adminQueryKey, 'product', id] as const;

export const adminProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminProductQueryKey(id),
    queryFn: ({ signal }) => apiGet<AdminProduct>(`/admin/products/${id}/`, { signal }),
  });

/** One product as the editor shows it: every field, its variants still sold and its pictures. */
export const useAdminProduct = (id: number) => useQuery(adminProductQueryOptions(id));
