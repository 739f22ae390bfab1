import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMe } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'me'],
    queryFn: ({ signal }) => apiGet<AdminMe>('/admin/me/', { signal }),
    // A 403 (a customer) is an answer, not a hiccup: asking again would only hold the page.
    retry: false,
    staleTime: 60_000,
  });

/** Who is using the back office: a staff member or the owner. */
export const useAdminMe = () => useQuery(adminMeQueryOptions());
