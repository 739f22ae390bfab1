import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreSettings } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const adminSettingsQueryKey = [...adminQueryKey, 'settings'] as const;

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => apiGet<StoreSettings>('/admin/settings/', { signal }),
    // Staff are refused (403): an answer, not a hiccup to retry.
    retry: false,
  });

/** The owner's settings as the back office edits them. */
export const useAdminSettings = () => useQuery(adminSettingsQueryOptions());
