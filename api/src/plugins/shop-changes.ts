import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { runEvery } from '../timed-job.ts';

/** What a back-office change can make stale: the storefront's catalogue answers and pages, the promotions, the settings. */
export type ChangeTopic = 'catalog' | 'promotions' | 'settings';

export interface ShopChanges {
  /**
   * Says that something of the topic changed, to this process at once and to every other process
   * within `changeCheckMs`; call it after the change's transaction committed.
   */
  publish(topic: ChangeTopic): Promise<void>;
  /** Runs the listener whenever the topic changes, in this process or another, e.g. to empty a cache. */
  subscribe(topic: ChangeTopic, listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ShopChanges;
  }
}

/**
 * How often each process reads the change counters: one primary-key read of three rows, so a change
 * made through any process reaches every process's caches well within the second the back office
 * promises (ADR 18).
 */
export const changeCheckMs = 250;

/** Bumps a topic's counter: every server process empties its caches of it within `changeCheckMs`. */
export async function announceChange(db: Db, topic: ChangeTopic): Promise<void> {
  await db
    .updateTable('shop_changes')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('topic', '=', topic)
    .execute();
}

/**
 * Changes made through the back office, told to whatever caches them, in every server process: a
 * change bumps its topic's counter in `shop_changes`, and each process compares the counters with
 * the ones it last saw a few times a second.
 */
export const shopChanges = fastifyPlugin(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    const listeners = new Map<ChangeTopic, Array<() => void>>();
    const seen = new Map<string, number>();
    const tell = (topic: ChangeTopic) => {
      for (const listener of listeners.get(topic) ?? []) listener();
    };

    async function checkCounters() {
      const counters = await db.selectFrom('shop_changes').select(['topic', 'version']).execute();
      for (const { topic, version } of counters) {
        const before = seen.get(topic);
        seen.set(topic, version);
        if (before !== undefined && before !== version) tell(topic as ChangeTopic);
      }
    }

    app.decorate('changes', {
      async publish(topic) {
        // This process's caches are emptied now, whatever the counter read says; the others see the bump.
        tell(topic);
        await announceChange(db, topic);
      },
      subscribe(topic, listener) {
        listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
      },
    } satisfies ShopChanges);

    // The counters as they are at start are the baseline: caches are empty then anyway.
    app.addHook('onReady', checkCounters);
    runEvery(app, changeCheckMs, 'reading the shop change counters failed', checkCounters);
  },
  { name: 'shop-changes' },
);
