/**
 * A value kept for a short while within one process, for answers that may lag the database by that
 * much. Bounded: when full, the entry stored longest ago (the first to go stale) makes room.
 */
export interface TtlCache<Key, Value> {
  /**
   * The value kept for `key` while it is younger than the cache's time to live, else `make()`'s,
   * kept from now. A promise that rejects is forgotten at once, so one failure is not served again.
   */
  get(key: Key, make: () => Value): Value;
  /** Drops one kept value, after what it was made from changed in this process. */
  forget(key: Key): void;
  clear(): void;
}

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** The clock, in milliseconds; tests pass their own. */
  now?: () => number;
}

export function createTtlCache<Key, Value>({ ttlMs, maxEntries, now = Date.now }: TtlCacheOptions): TtlCache<Key, Value> {
  const entries = new Map<Key, { storedAt: number; value: Value }>();
  return {
    get(key, make) {
      const kept = entries.get(key);
      if (kept && now() - kept.storedAt < ttlMs) return kept.value;
      // Deleted first, so a value made again is stored last in the map's order, which is storage order.
      entries.delete(key);
      const value = make();
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry = { storedAt: now(), value };
      entries.set(key, entry);
      if (value instanceof Promise) {
        value.catch(() => {
          if (entries.get(key) === entry) entries.delete(key);
        });
      }
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
