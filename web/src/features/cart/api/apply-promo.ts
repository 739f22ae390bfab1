import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { cartMutationOptions, writeServerCart } from '@/lib/queries/cart-cache.ts';

/** SPEC §5: the code is trimmed before it is sent. */
export const applyPromo = (code: string) => apiSend<CartChangeResponse>('POST', '/orders/cart/promo/', { promo_code: code.trim() });

export function useApplyPromo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...cartMutationOptions('promo'),
    mutationFn: applyPromo,
    onSuccess: (answer) => writeServerCart(queryClient, answer.cart),
  });
}
