import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, CartChangeResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { discardPendingChanges } from '../pending-cart-store.ts';
import { cartMutationOptions, serverCart, writeServerCart } from '@/lib/queries/cart-cache.ts';
import { cartQueryKey } from '@/lib/queries/query-keys.ts';

export const clearCart = () => apiSend<CartChangeResponse>('DELETE', '/orders/cart/');

const emptied = (cart: Cart): Cart => ({ ...cart, items: [], cart_count: 0 });

/** SPEC §4: clearing empties the cart at once, then reloads it from the server. */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    ...cartMutationOptions('clear'),
    mutationFn: clearCart,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: cartQueryKey });
      const before = serverCart(queryClient);
      if (before) queryClient.setQueryData<Cart>(cartQueryKey, emptied(before));
      return { before };
    },
    onSuccess: async (answer) => {
      // Adds and changes still waiting would refill the cart the shopper just emptied.
      discardPendingChanges();
      await writeServerCart(queryClient, answer.cart);
    },
    onError: async (_error, _input, context) => {
      if (context?.before) await writeServerCart(queryClient, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
