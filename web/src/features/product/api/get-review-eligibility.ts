import { useQuery } from '@tanstack/react-query';
import type { ReviewEligibility } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const reviewEligibilityQueryKey = (productId: number, userId: number | null) => ['review-eligibility', productId, userId] as const;

export const getReviewEligibility = (productId: number, signal?: AbortSignal) =>
  apiGet<ReviewEligibility>(`/product/${productId}/reviews/eligibility/`, { signal });

/** Whether the signed-in shopper may review the product; asked only once someone is signed in. */
export function useReviewEligibility(productId: number, userId: number | null) {
  return useQuery({
    queryKey: reviewEligibilityQueryKey(productId, userId),
    queryFn: ({ signal }) => getReviewEligibility(productId, signal),
    enabled: userId !== null,
  });
}
