import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput, ReviewPhoto } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

export const postReview = (productId: number, input: ReviewInput) => apiSend<Review>('POST', `/product/${productId}/reviews/`, input);

export function addReviewPhoto(reviewId: number, photo: File): Promise<ReviewPhoto> {
  const form = new FormData();
  form.append('photo', photo);
  return apiSend<ReviewPhoto>('POST', `/reviews/${reviewId}/photos/`, form);
}

export interface PostedReview {
  review: Review;
  /** Why a photo was not added; the review itself was taken. */
  photoProblem: string | null;
}

/**
 * Posts the review, then its photos one by one; a photo refused leaves the review posted (sending it
 * again would be refused as a second review), and says why. The shopper's eligibility is asked again after.
 */
export function usePostReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, photos }: { input: ReviewInput; photos: File[] }): Promise<PostedReview> => {
      const review = await postReview(productId, input);
      for (const photo of photos) {
        try {
          await addReviewPhoto(review.id, photo);
        } catch (error) {
          return { review, photoProblem: `${photo.name} was not added: ${error instanceof Error ? error.message : String(error)}` };
        }
      }
      return { review, photoProblem: null };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['review-eligibility', productId] }),
  });
}
