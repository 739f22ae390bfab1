// Sending what this browser kept of the cart (SPEC §4): loaded only when something is kept, so a
// first visit with nothing kept never loads it (pending-cart.ts decides).
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { lineLabel, messages } from '@threadline/contracts';
import { ApiError } from '@/lib/api-client.ts';
import { addToCart } from './api/add-to-cart.ts';
import { cartMutationOptions, isUnreachable, writeServerCart } from '@/lib/queries/cart-cache.ts';
import { cartQueryKey } from '@/lib/queries/query-keys.ts';
import { removeCartItem } from './api/remove-cart-item.ts';
import { updateCartItem } from './api/update-cart-item.ts';
import { dropPendingAdd, dropSentTries, dropUnsavedChange, keepRefused, readPendingCart } from './pending-cart-store.ts';

export type ReplayOutcome = 'done' | 'unreachable';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : messages.cartAddFailed);

/**
 * Sends what was kept locally, oldest first, and drops each entry once the server has it. Stops at
 * the first call that cannot reach the server (the rest would fail the same way); an entry the
 * server refuses now is dropped and its reason kept for the shopper to read.
 */
async function sendPending(queryClient: QueryClient): Promise<ReplayOutcome> {
  let refused = false;
  for (const change of readPendingCart().changes) {
    try {
      const answer = change.quantity > 0 ? await updateCartItem(change) : await removeCartItem(change.lineId);
      await writeServerCart(queryClient, answer.cart);
      dropUnsavedChange(change.lineId);
    } catch (error) {
      if (isUnreachable(error)) return 'unreachable';
      dropUnsavedChange(change.lineId);
      refused = true;
      // A line already gone has nothing left to remove.
      const alreadyGone = change.quantity === 0 && error instanceof ApiError && error.status === 404;
      if (!alreadyGone) keepRefused(`Your change to ${lineLabel(change)} was not saved: ${reasonOf(error)}`);
    }
  }
  for (const add of readPendingCart().adds) {
    try {
      // Every try goes again under its own key; one that already arrived is not added twice.
      for (const send of add.sends) {
        const answer = await addToCart({ ...add.request, quantity: send.quantity }, send.key);
        // Dropped as the server cart that holds it is shown, so the try is never counted twice.
        dropSentTries(add, [send.key]);
        await writeServerCart(queryClient, answer.cart);
      }
    } catch (error) {
      if (isUnreachable(error)) return 'unreachable';
      dropPendingAdd(add);
      refused = true;
      keepRefused(`${lineLabel(add)} could not be added: ${reasonOf(error)}`);
    }
  }
  if (refused) await queryClient.invalidateQueries({ queryKey: cartQueryKey });
  return 'done';
}

const replays = new WeakMap<QueryClient, Promise<ReplayOutcome>>();

/**
 * Sends the kept entries now, in line with the shopper's own cart changes (one scope, in order);
 * calls made while one replay runs share it.
 */
export function replayPendingCart(queryClient: QueryClient): Promise<ReplayOutcome> {
  const running = replays.get(queryClient);
  if (running) return running;
  const { adds, changes } = readPendingCart();
  if (adds.length === 0 && changes.length === 0) return Promise.resolve('done');
  const observer = new MutationObserver(queryClient, { ...cartMutationOptions('replay'), mutationFn: () => sendPending(queryClient) });
  const replay = observer
    .mutate()
    .catch((): ReplayOutcome => 'unreachable')
    .finally(() => replays.delete(queryClient));
  replays.set(queryClient, replay);
  return replay;
}
