import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewList } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const reviewsQueryKey = (productId: number) => ['product-reviews', productId] as const;

export function getReviews(productId: number, page: number, signal?: AbortSignal): Promise<ReviewList> {
  return apiGet<ReviewList>(`/product/${productId}/reviews/?page=${page}`, { signal, sessionFree: true });
}

/** A product's approved reviews a page at a time ("Load more"), with the summary of them all. */
export function reviewsQueryOptions(productId: number) {
  return infiniteQueryOptions({
    queryKey: reviewsQueryKey(productId),
    queryFn: ({ pageParam, signal }) => getReviews(productId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next === null ? undefined : page + 1),
  });
}

export const useReviews = (productId: number) => useInfiniteQuery(reviewsQueryOptions(productId));
