import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartRequest, Cart, CartChangeResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { newRandomKey } from '@/lib/random-key.ts';
import { keepPendingAdd, type PendingAdd } from '../pending-cart-store.ts';
import { cartMutationOptions, isUnreachable, writeServerCart } from '@/lib/queries/cart-cache.ts';
import { cartQueryKey } from '@/lib/queries/query-keys.ts';

/** The key makes the add safe to send again: the cart takes one add per key. */
export const addToCart = (request: AddToCartRequest, idempotencyKey: string) =>
  apiSend<CartChangeResponse>('POST', '/orders/cart/', request, { 'Idempotency-Key': idempotencyKey });

export type AddToCartOutcome = { saved: true; cart: Cart; message: string } | { saved: false; kept: PendingAdd };

/**
 * Adds to the cart. When the server cannot be reached (no answer, or a 5xx) the add is kept in this
 * browser, marked as not saved, and sent later (SPEC §4); a refusal (a 4xx such as out of stock)
 * rejects with the server's message and adds nothing.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    ...cartMutationOptions('add'),
    mutationFn: async ({ request, name }: { request: AddToCartRequest; name: string }): Promise<AddToCartOutcome> => {
      const key = newRandomKey();
      try {
        const answer = await addToCart(request, key);
        return { saved: true, cart: answer.cart, message: answer.message };
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        // Kept with its key: if this try did reach the server, sending it again adds nothing.
        return { saved: false, kept: keepPendingAdd(request, name, key) };
      }
    },
    onSuccess: async (outcome) => {
      if (outcome.saved) await writeServerCart(queryClient, outcome.cart);
      // Kept before the cart ever loaded: ask for it, so the panel shows the kept add, not a skeleton.
      else if (!queryClient.getQueryData(cartQueryKey)) void queryClient.refetchQueries({ queryKey: cartQueryKey });
    },
  });
}
