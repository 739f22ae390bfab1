import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { cartMutationOptions, writeServerCart } from '@/lib/queries/cart-cache.ts';

export const removePromo = () => apiSend<CartChangeResponse>('DELETE', '/orders/cart/promo/');

export function useRemovePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...cartMutationOptions('promo'),
    mutationFn: removePromo,
    onSuccess: (answer) => writeServerCart(queryClient, answer.cart),
  });
}
