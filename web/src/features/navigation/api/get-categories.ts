import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriesResponse } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export function getCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  return apiGet<CategoriesResponse>('/shop/categories/', { signal, sessionFree: true });
}

// Shared key with any other reader of GET /shop/categories/, so the header and pages hold one copy.
export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => getCategories(signal),
  // The category tree changes with the catalogue, not within a visit.
  staleTime: 10 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
