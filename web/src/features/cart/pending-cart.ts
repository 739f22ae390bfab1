import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { cartQueryKey } from '@/lib/queries/query-keys.ts';
import { readPendingCart, usePendingCart } from './pending-cart-store.ts';

/**
 * Sends what this browser kept, if anything: the code that sends it loads only then (most visits
 * keep nothing). Not asked for while the browser is offline (the 'online' event comes later); a
 * failure to load it leaves the entries kept for the next try (the browser back online, the window
 * focused, the next cart call that succeeds).
 */
function replayIfKept(queryClient: QueryClient) {
  const { adds, changes } = readPendingCart();
  if ((adds.length === 0 && changes.length === 0) || !navigator.onLine) return;
  import('./pending-cart-replay.ts').then(
    (replay) => void replay.replayPendingCart(queryClient),
    () => undefined,
  );
}

const isCartKey = (key: readonly unknown[] | undefined) => key?.[0] === cartQueryKey[0];

/**
 * Sends what this browser kept (SPEC §4) whenever the server looks reachable again: on mount, when
 * the browser comes back online or the window regains focus, and after any cart call that
 * succeeds. Safe to use in several places at once. `onRefused` hears why the server refused an
 * entry; the slide-out and the cart page show those reasons themselves too.
 */
export function useReplayPendingCart(onRefused?: (message: string) => void) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const replay = () => replayIfKept(queryClient);
    replay();
    const onVisible = () => {
      if (document.visibilityState === 'visible') replay();
    };
    window.addEventListener('online', replay);
    window.addEventListener('focus', replay);
    document.addEventListener('visibilitychange', onVisible);
    // A manual write is this code's own answer-writing, not a sign of a newly reachable server.
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual && isCartKey(event.query.queryKey)) {
        replay();
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      const key = event.mutation?.options.mutationKey;
      if (event.type === 'updated' && event.action.type === 'success' && isCartKey(key) && key?.[1] !== 'replay') replay();
    });
    return () => {
      window.removeEventListener('online', replay);
      window.removeEventListener('focus', replay);
      document.removeEventListener('visibilitychange', onVisible);
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  const { refused } = usePendingCart();
  const told = useRef(new Set<string>());
  // The latest listener hears each reason, without a new listener making old reasons heard again.
  const listener = useRef(onRefused);
  useEffect(() => {
    listener.current = onRefused;
  });
  useEffect(() => {
    for (const entry of refused) {
      if (told.current.has(entry.id)) continue;
      told.current.add(entry.id);
      listener.current?.(entry.text);
    }
  }, [refused]);
}
