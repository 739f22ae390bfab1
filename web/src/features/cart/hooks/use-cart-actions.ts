import { useIsMutating } from '@tanstack/react-query';
import { messages, type CartItem } from '@threadline/contracts';
import { useState } from 'react';
import { cartQueryKey } from '../api/cart-cache.ts';
import { useClearCart } from '../api/clear-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';

/** The latest outcome, for the cart's live region; `id` lets the same words be announced again. */
export interface CartStatus {
  id: number;
  text: string;
  tone: 'done' | 'error';
}

/**
 * What the slide-out and the cart page do to their lines, with one status line each: 'Cart updated'
 * for screen readers after a change, the server's reason (or the network message) after a failure.
 */
export function useCartActions() {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  const [status, setStatus] = useState<CartStatus | null>(null);
  const changesUnderWay = useIsMutating({ mutationKey: cartQueryKey });
  const report = (done: string) => ({
    onSuccess: () => setStatus((last) => ({ id: (last?.id ?? 0) + 1, text: done, tone: 'done' })),
    onError: (error: Error) => setStatus((last) => ({ id: (last?.id ?? 0) + 1, text: error.message, tone: 'error' })),
  });
  const line = (item: CartItem, quantity: number) => ({ lineId: item.id, quantity, name: item.name, variant: item.variant });

  return {
    /** SPEC §4: 0 or less removes the line (the server does so too). */
    setQuantity: (item: CartItem, quantity: number) =>
      update.mutate(line(item, quantity), report(quantity > 0 ? messages.cartUpdated : messages.cartItemRemoved)),
    remove: (item: CartItem) => remove.mutate(line(item, 0), report(messages.cartItemRemoved)),
    clear: () => clear.mutate(undefined, report(messages.cartCleared)),
    clearing: clear.isPending,
    /** A change is on its way: the totals shown are about to be replaced by the server's. */
    saving: changesUnderWay > 0,
    status,
  };
}
