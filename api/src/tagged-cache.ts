import { AsyncLocalStorage } from 'node:async_hooks';
import type { TtlCacheOptions } from './ttl-cache.ts';

/** A kept value with the tags of what it was made from (e.g. `product:12`), by which it is dropped. */
export interface Tagged<Value> {
  value: Value;
  tags: readonly string[];
  /** False: hand the value to whoever waited for it, but make it again next time. */
  keep?: boolean;
}

/**
 * Answers kept until what they were made from changes (`forgetTagged`), or at the latest for the
 * cache's time to live, which catches what no tag names (e.g. a best-sellers order). Bounded: when
 * a value to keep finds it full, the entry stored longest ago makes room.
 */
export interface TaggedCache<Value> {
  get(key: string, make: () => Promise<Tagged<Value>>): Promise<Value>;
  /** Drops the entries tagged with any of `tags`, and every entry still being made (its tags are not known yet). */
  forgetTagged(tags: readonly string[]): void;
  clear(): void;
}

interface Entry<Value> {
  storedAt: number;
  made: Promise<Tagged<Value>>;
  tags: readonly string[] | null;
}

/** The tags of every tagged answer read inside `collectTags`, e.g. the catalogue answers a page was rendered from. */
const tagsRead = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `work` and answers the tags of the cached answers it read (in this process, also through
 * `app.inject`), so what is made from them can be kept under the same tags.
 */
export async function collectTags<Result>(work: () => Promise<Result>): Promise<{ result: Result; tags: string[] }> {
  const tags = new Set<string>();
  const result = await tagsRead.run(tags, work);
  return { result, tags: [...tags] };
}

// The clock is read when asked (not taken once), so a test that fakes Date.now holds the time still.
export function createTaggedCache<Value>({ ttlMs, maxEntries, now = () => Date.now() }: TtlCacheOptions): TaggedCache<Value> {
  const entries = new Map<string, Entry<Value>>();
  const keysByTag = new Map<string, Set<string>>();
  /** Keys of entries still being made: a change drops them all, whatever it names. */
  const making = new Set<string>();

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    making.delete(key);
    for (const tag of entry.tags ?? []) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  return {
    async get(key, make) {
      const collector = tagsRead.getStore();
      let entry = entries.get(key);
      if (!entry || now() - entry.storedAt >= ttlMs) {
        drop(key);
        const made = make();
        const fresh: Entry<Value> = { storedAt: now(), made, tags: null };
        entries.set(key, fresh);
        making.add(key);
        entry = fresh;
        // Indexed by its tags once they are known, unless a change dropped it meanwhile: then it was
        // made from what may be the old rows, and only its own callers get it.
        made.then(
          ({ tags, keep = true }) => {
            if (entries.get(key) !== fresh) return;
            if (!keep) return drop(key);
            making.delete(key);
            fresh.tags = tags;
            for (const tag of tags) keysByTag.set(tag, (keysByTag.get(tag) ?? new Set()).add(key));
            // Room is made for a value that is kept, so values not kept (a page not found) push none out.
            for (const stored of entries.keys()) {
              if (entries.size <= maxEntries) break;
              if (stored !== key && !making.has(stored)) drop(stored);
            }
          },
          () => {
            if (entries.get(key) === fresh) drop(key);
          },
        );
      }
      const { value, tags } = await entry.made;
      for (const tag of tags) collector?.add(tag);
      return value;
    },

    forgetTagged(tags) {
      for (const key of making) drop(key);
      for (const tag of tags) for (const key of keysByTag.get(tag) ?? []) drop(key);
    },

    clear() {
      entries.clear();
      making.clear();
      keysByTag.clear();
    },
  };
}
