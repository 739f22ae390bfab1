import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { ShopResponse } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { loadPageQuery } from '@/lib/server-render.ts';
import { shopApiQuery, type CategorySource, type ShopFilters } from '../shop-filters.ts';

export function getShop(filters: ShopFilters, page: number, signal?: AbortSignal): Promise<ShopResponse> {
  return apiGet<ShopResponse>(`/shop/?${shopApiQuery(filters, page)}`, { signal, sessionFree: true });
}

/** Pages of 12 that Load More appends; a change of filters is a new key, so it starts from page 1. */
export function shopQueryOptions(filters: ShopFilters) {
  return infiniteQueryOptions({
    queryKey: ['shop', filters],
    queryFn: ({ pageParam, signal }) => getShop(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages) => (lastPage.next ? allPages.length + 1 : undefined),
    // The filter panel keeps the previous facets and categories while the next result loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The listing's route loader: its first page (see `loadPageQuery`). A category named by the page's
 * path (/shop/category/{slug}, /categories/{slug}) that the shop does not have is a page not found;
 * one chosen in the query string is a filter like any other, and lists nothing.
 */
export function loadShopQuery(
  queryClient: QueryClient,
  filters: ShopFilters,
  loaderContext: unknown,
  categorySource: CategorySource,
): Promise<null> {
  const options = shopQueryOptions(filters);
  return loadPageQuery<ShopResponse>(loaderContext, {
    apiPath: `/api/shop/?${shopApiQuery(filters, 1)}`,
    store: (firstPage) => queryClient.setQueryData(options.queryKey, { pages: [firstPage], pageParams: [1] }),
    prefetch: () => void queryClient.prefetchInfiniteQuery(options),
    namesNothing: ({ status, body }) =>
      categorySource !== 'query' &&
      status === 200 &&
      !(body as ShopResponse).results.categories.some((category) => category.slug === filters.category),
  });
}

export function useShop(filters: ShopFilters) {
  return useInfiniteQuery(shopQueryOptions(filters));
}
