import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPageSizeMax, type AdminCategory, type AdminList } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const adminCategoriesQueryKey = [...adminQueryKey, 'categories'] as const;

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminCategoriesQueryKey,
    // Parents each followed by their children; a shop has far fewer than a page of them.
    queryFn: ({ signal }) => apiGet<AdminList<AdminCategory>>(`/admin/categories/?page_size=${adminPageSizeMax}`, { signal }),
    staleTime: 30_000,
  });

/** Every category, as the tree and the category selects show them. */
export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions());
