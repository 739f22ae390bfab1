import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'dashboard'],
    queryFn: ({ signal }) => apiGet<AdminDashboard>('/admin/dashboard/', { signal }),
    // The shop floor leaves it open: today's figures follow the orders as they come in.
    refetchInterval: 60_000,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
