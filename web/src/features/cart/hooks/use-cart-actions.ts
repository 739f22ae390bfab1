import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { messages, type Cart, type CartItem } from '@threadline/contracts';
import { useEffect, useState } from 'react';
import { serverCart } from '@/lib/queries/cart-cache.ts';
import { cartQueryKey } from '@/lib/queries/query-keys.ts';
import { useClearCart } from '../api/clear-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useRestoreCart } from '../api/restore-cart.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';

/** How long 'Undo' is offered after Clear. */
export const clearUndoMs = 10_000;

/** The latest outcome, for the cart's live region; `id` lets the same words be announced again. */
export interface CartStatus {
  id: number;
  text: string;
  tone: 'done' | 'error';
}

/**
 * What the slide-out and the cart page do to their lines, with one status line each: 'Cart updated'
 * for screen readers after a change, the server's reason (or the network message) after a failure.
 * Clear is taken back with Undo for a few seconds rather than asked about first: one tap that can be
 * mistaken costs one more tap, and the shopper who meant it is not stopped.
 */
export function useCartActions() {
  const queryClient = useQueryClient();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  const restore = useRestoreCart();
  const [status, setStatus] = useState<CartStatus | null>(null);
  const [cleared, setCleared] = useState<Cart | null>(null);
  const changesUnderWay = useIsMutating({ mutationKey: cartQueryKey });
  const say = (text: string, tone: CartStatus['tone']) => setStatus((last) => ({ id: (last?.id ?? 0) + 1, text, tone }));
  const report = (done: string) => ({
    onSuccess: () => say(done, 'done'),
    onError: (error: Error) => say(error.message, 'error'),
  });
  const line = (item: CartItem, quantity: number) => ({ lineId: item.id, quantity, name: item.name, variant: item.variant });

  const undoOffered = cleared !== null && !restore.isPending;
  useEffect(() => {
    if (!undoOffered) return undefined;
    const timer = window.setTimeout(() => setCleared(null), clearUndoMs);
    return () => window.clearTimeout(timer);
  }, [undoOffered]);

  return {
    /** SPEC §4: 0 or less removes the line (the server does so too). */
    setQuantity: (item: CartItem, quantity: number) =>
      update.mutate(line(item, quantity), report(quantity > 0 ? messages.cartUpdated : messages.cartItemRemoved)),
    remove: (item: CartItem) => remove.mutate(line(item, 0), report(messages.cartItemRemoved)),
    clear: () => {
      const before = serverCart(queryClient);
      clear.mutate(undefined, {
        onSuccess: () => {
          say(messages.cartCleared, 'done');
          if (before && before.items.length > 0) setCleared(before);
        },
        onError: (error) => say(error.message, 'error'),
      });
    },
    clearing: clear.isPending,
    /** The cart just cleared can still be put back. */
    canUndoClear: cleared !== null,
    undoClear: () => {
      if (!cleared) return;
      restore.mutate(cleared, {
        onSuccess: ({ refusals }) => {
          setCleared(null);
          if (refusals.length > 0) say(refusals.join(' '), 'error');
          else say(messages.cartRestored, 'done');
        },
        onError: (error) => say(error.message, 'error'),
      });
    },
    restoring: restore.isPending,
    /** A change is on its way: the totals shown are about to be replaced by the server's. */
    saving: changesUnderWay > 0,
    status,
  };
}
