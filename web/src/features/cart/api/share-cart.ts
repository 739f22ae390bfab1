import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse, ShareCartResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { writeServerCart } from '@/lib/queries/cart-cache.ts';

/** KINGSTON.md §5: a link that puts this cart's lines in whoever opens it's cart. */
export const shareCart = () => apiSend<ShareCartResponse>('POST', '/orders/cart/share/');

export const useShareCart = () => useMutation({ mutationFn: shareCart });

/** Puts a shared cart's lines in this shopper's cart; the answer says what could not be added. */
export function useOpenSharedCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiSend<CartChangeResponse>('POST', `/orders/cart/shared/${encodeURIComponent(token)}/`),
    onSuccess: (answer) => writeServerCart(queryClient, answer.cart),
  });
}
