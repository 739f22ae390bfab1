import { useSyncExternalStore } from 'react';

/**
 * Whether the page the server rendered is being hydrated. While it is, components render what the
 * server rendered (JMD prices, an empty cart badge, motion on): the server cannot read this
 * browser's storage, and Preact keeps the server's attributes where a first render differs. Right
 * after, the shopper's own state (chosen currency, kept cart adds, reduced motion) replaces it. The
 * server's own render is always 'hydrating'.
 */
let hydrating = false;
const listeners = new Set<() => void>();

export function beginHydration(): void {
  hydrating = true;
}

/** Whether the server's page is being hydrated (or rendered on the server) right now. */
export function isHydrating(): boolean {
  return hydrating;
}

export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `clientValue` once the server's page has hydrated, `serverValue` while it hydrates (and on the
 * server). A component renders again at the end of hydration only if the two differ.
 */
export function useAfterHydration<T>(clientValue: T, serverValue: T): T {
  const current = () => (hydrating ? serverValue : clientValue);
  return useSyncExternalStore(subscribe, current, current);
}
