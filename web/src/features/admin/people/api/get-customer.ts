import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCustomerDetail } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'customer', id],
    queryFn: ({ signal }) => apiGet<AdminCustomerDetail>(`/admin/customers/${id}/`, { signal }),
  });

/** A customer with addresses, recent orders and lifetime spend. */
export const useCustomer = (id: number) => useQuery(customerQueryOptions(id));
