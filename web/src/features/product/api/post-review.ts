import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput, ReviewPhoto } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

export const postReview = (productId: number, input: ReviewInput) => apiSend<Review>('POST', `/product/${productId}/reviews/`, input);

export function addReviewPhoto(reviewId: number, photo: File): Promise<ReviewPhoto> {
  const form = new FormData();
  form.append('photo', photo);
  return apiSend<ReviewPhoto>('POST', `/reviews/${reviewId}/photos/`, form);
}

/** Posts the review, then its photos one by one; the shopper's eligibility is asked again after. */
export function usePostReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, photos }: { input: ReviewInput; photos: File[] }) => {
      const review = await postReview(productId, input);
      for (const photo of photos) await addReviewPhoto(review.id, photo);
      return review;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['review-eligibility', productId] }),
  });
}
