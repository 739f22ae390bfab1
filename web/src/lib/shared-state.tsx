import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The value a provider shares, kept in a store the context holds instead of in the context itself.
 *
 * A context's value that changes reaches every Suspense boundary under the provider that has not
 * hydrated yet (React cannot see which components inside read it), and React then renders that
 * boundary anew on the client instead of hydrating it: an island the shopper has not seen would be
 * drawn again, its code loaded, its server markup thrown away. The store object never changes; the
 * components that read it subscribe, and those not yet hydrated are not subscribed.
 *
 * An island that hydrates later reads the value the provider had when it hydrated (its server
 * snapshot), which is what the server rendered, and the current one right after.
 */
class SharedState<T> {
  private readonly listeners = new Set<() => void>();
  private value: T;
  readonly first: T;

  constructor(value: T) {
    this.value = value;
    this.first = value;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly current = () => this.value;
  readonly whenHydrating = () => this.first;

  set(value: T) {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }
}

export interface SharedStateContext<T> {
  Provider(props: { value: T; children: ReactNode }): ReactNode;
  /** The shared value, or null outside the provider. */
  useValue(): T | null;
}

export function createSharedState<T>(): SharedStateContext<T> {
  const Context = createContext<SharedState<T> | null>(null);
  const noStore = new SharedState<null>(null);
  function Provider({ value, children }: { value: T; children: ReactNode }) {
    const [state] = useState(() => new SharedState(value));
    useLayoutEffect(() => state.set(value), [state, value]);
    return <Context value={state}>{children}</Context>;
  }
  function useValue(): T | null {
    const state: SharedState<T | null> = useContext(Context) ?? noStore;
    return useSyncExternalStore(state.subscribe, state.current, state.whenHydrating);
  }
  return { Provider, useValue };
}
