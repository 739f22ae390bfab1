import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@threadline/contracts';
import { newRandomKey } from '@/lib/random-key.ts';
import { addToCart } from './add-to-cart.ts';
import { applyPromo } from './apply-promo.ts';
import { cartMutationOptions, writeServerCart } from '@/lib/queries/cart-cache.ts';
import { cartQueryKey } from '@/lib/queries/query-keys.ts';

export interface RestoredCart {
  /** The server's cart after the last call it answered; none when it answered none. */
  cart: Cart | undefined;
  /** Why a line or the code could not be put back (sold out since, the code no longer applies). */
  refusals: string[];
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Puts back a cart the shopper just cleared through the calls their own adds make: each line added
 * again at its quantity, with its own key so that a retried add counts once, then its promo code.
 * What the shop can no longer sell as it was is refused with its reason; the rest still comes back.
 */
export function useRestoreCart() {
  const queryClient = useQueryClient();
  return useMutation({
    ...cartMutationOptions('restore'),
    mutationFn: async (cleared: Cart): Promise<RestoredCart> => {
      const restored: RestoredCart = { cart: undefined, refusals: [] };
      const code = cleared.promo_code;
      const calls = [
        ...cleared.items.map(
          (item) => () =>
            addToCart(
              {
                product_id: item.product_id,
                quantity: item.quantity,
                variant_size: item.selectedVariants.Size ?? null,
                variant_color: item.selectedVariants.Color ?? null,
              },
              newRandomKey(),
            ),
        ),
        ...(code ? [() => applyPromo(code)] : []),
      ];
      for (const call of calls) {
        try {
          restored.cart = (await call()).cart;
        } catch (error) {
          restored.refusals.push(reason(error));
        }
      }
      return restored;
    },
    onSuccess: async ({ cart }) => {
      if (cart) await writeServerCart(queryClient, cart);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
