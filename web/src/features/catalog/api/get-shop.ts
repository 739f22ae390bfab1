import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ShopResponse } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { takePageData } from '@/lib/page-data.ts';
import { shopApiQuery, type ShopFilters } from '../shop-filters.ts';

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
    // On a first visit to the unfiltered shop (or a category) the server put the first page into
    // the HTML: the cards render at once instead of after a skeleton and a round trip.
    initialData: () => {
      const firstPage = takePageData<ShopResponse>(`/api/shop/?${shopApiQuery(filters, 1)}`);
      return firstPage && { pages: [firstPage], pageParams: [1] };
    },
  });
}

export function useShop(filters: ShopFilters) {
  return useInfiniteQuery(shopQueryOptions(filters));
}
