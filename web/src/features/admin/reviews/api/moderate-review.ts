import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewUpdate } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const moderateReview = ({ id, ...update }: AdminReviewUpdate & { id: number }) =>
  apiSend<AdminReview>('PATCH', `/admin/reviews/${id}/`, update);

/** Approves, rejects or answers a review; the lists are fetched again, since its status may move it out of one. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
