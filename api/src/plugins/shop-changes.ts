import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/** What a back-office change can make stale: the storefront's catalogue answers and pages, the promotions, the settings. */
export type ChangeTopic = 'catalog' | 'promotions' | 'settings';

export interface ShopChanges {
  /** Says that something of the topic changed; call it after the change's transaction committed. */
  publish(topic: ChangeTopic): Promise<void>;
  /** Runs the listener whenever the topic changes, e.g. to empty a cache. */
  subscribe(topic: ChangeTopic, listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ShopChanges;
  }
}

/** Changes made through the back office, told to whatever caches them in this process. */
export const shopChanges = fastifyPlugin(
  async (app: FastifyInstance) => {
    const listeners = new Map<ChangeTopic, Array<() => void>>();
    app.decorate('changes', {
      async publish(topic) {
        for (const listener of listeners.get(topic) ?? []) listener();
      },
      subscribe(topic, listener) {
        listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
      },
    } satisfies ShopChanges);
  },
  { name: 'shop-changes' },
);
