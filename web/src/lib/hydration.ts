import { useSyncExternalStore } from 'react';

/** Nothing to listen to: what changes is whether the component renders in hydration or after. */
const subscribeToNothing = () => () => undefined;
const after = () => false;
const during = () => true;

/**
 * Whether this component renders the server's page: on the server, and in the browser while React
 * hydrates it (also when an island hydrates later). React renders it again right after hydration.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(subscribeToNothing, after, during);
}

/**
 * `clientValue` once the component has hydrated, `serverValue` while it hydrates (and on the server):
 * the server cannot read this browser's storage (chosen currency, kept cart adds, reduced motion).
 * The component renders again right after hydration only if the two differ. Both must be stable
 * values (the same object from one render to the next), as for any store snapshot.
 */
export function useAfterHydration<T>(clientValue: T, serverValue: T): T {
  return useSyncExternalStore(
    subscribeToNothing,
    () => clientValue,
    () => serverValue,
  );
}
