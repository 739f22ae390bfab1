import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse } from '@threadline/contracts';
import { dropUnsavedChange } from '../pending-cart-store.ts';
import {
  cartMutationOptions,
  isUnreachable,
  otherCartChangesPending,
  serverCart,
  writeServerCart,
  type CartLineChange,
} from '@/lib/queries/cart-cache.ts';
import { cartQueryKey } from '@/lib/queries/query-keys.ts';

/**
 * A quantity change or removal of a saved line: shown at once, then replaced by the server's answer.
 * On failure the server's cart comes back; when the server could not be reached, `keepLocally`
 * decides what this browser keeps to send later (SPEC §4), given the quantity the server holds.
 */
export function useLineChange(
  send: (change: CartLineChange) => Promise<CartChangeResponse>,
  keepLocally: (change: CartLineChange, savedQuantity: number | undefined) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...cartMutationOptions('line'),
    mutationFn: send,
    // This change is already counted as under way here, so showing the server's cart shows it too.
    onMutate: async () => {
      const server = serverCart(queryClient);
      if (server) await writeServerCart(queryClient, server);
    },
    onSuccess: async (answer, change) => {
      await writeServerCart(queryClient, answer.cart, change);
      dropUnsavedChange(change.lineId);
    },
    onError: async (error, change) => {
      const server = serverCart(queryClient);
      if (server) await writeServerCart(queryClient, server, change);
      if (isUnreachable(error)) {
        keepLocally(change, server?.items.find((item) => item.id === change.lineId)?.quantity);
      } else if (!otherCartChangesPending(queryClient)) {
        // The server refused on purpose (sold out, line gone elsewhere): show its cart as it is now.
        // Not awaited: until this callback returns, the failed change still counts as under way and
        // the reload would lay it over the server's cart again.
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      }
    },
  });
}
