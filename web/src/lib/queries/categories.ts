import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriesResponse } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export function getCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  return apiGet<CategoriesResponse>('/shop/categories/', { signal, sessionFree: true });
}

// The header's category menu reads the same endpoint under the same key, so the page and the menu
// hold one copy.
export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => getCategories(signal),
  // The category tree changes with the catalogue, not within a visit.
  staleTime: 10 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
