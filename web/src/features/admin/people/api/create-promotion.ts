import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPromotion, PromotionCreateInput } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const createPromotion = (input: PromotionCreateInput) => apiSend<AdminPromotion>('POST', '/admin/promotions/', input);

/** A new promo code; every back-office list that may show it is fetched again. */
export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
