import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPromotion, PromotionUpdate } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const updatePromotion = ({ id, changes }: { id: number; changes: PromotionUpdate }) =>
  apiSend<AdminPromotion>('PATCH', `/admin/promotions/${id}/`, changes);

/** Changes a promo code, or ends it (`{active: false}`); the lists, the code and the audit log are fetched again. */
export function useUpdatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
