import { describe, expect, it } from 'vitest';
import { collectTags, createTaggedCache, type Tagged } from './tagged-cache.ts';

function counting(tags: string[], keep = true) {
  let made = 0;
  return {
    make: async (): Promise<Tagged<number>> => ({ value: (made += 1), tags, keep }),
    made: () => made,
  };
}

describe('a tagged cache', () => {
  it('keeps a value until its time is up or a change names one of its tags', async () => {
    let clock = 0;
    const cache = createTaggedCache<number>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const product = counting(['product:1', 'product:2']);
    expect(await cache.get('a', product.make)).toBe(1);
    expect(await cache.get('a', product.make)).toBe(1);
    cache.forgetTagged(['product:3']);
    expect(await cache.get('a', product.make)).toBe(1);
    cache.forgetTagged(['product:2']);
    expect(await cache.get('a', product.make)).toBe(2);
    clock = 100;
    expect(await cache.get('a', product.make)).toBe(3);
    cache.clear();
    expect(await cache.get('a', product.make)).toBe(4);
  });

  it('does not keep a value that was still being made when a change came, nor one made not to be kept', async () => {
    const cache = createTaggedCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const slow = counting(['product:9']);
    const first = cache.get('a', slow.make);
    cache.forgetTagged(['product:1']);
    expect(await first).toBe(1);
    expect(await cache.get('a', slow.make)).toBe(2);

    const once = counting([], false);
    expect(await cache.get('b', once.make)).toBe(1);
    expect(await cache.get('b', once.make)).toBe(2);
  });

  it('forgets a failure at once and makes room by dropping the oldest entry', async () => {
    const cache = createTaggedCache<number>({ ttlMs: 1000, maxEntries: 2 });
    const mended = counting([]);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', mended.make)).toBe(1);
    const second = counting([]);
    await cache.get('b', second.make);
    await cache.get('c', counting([]).make);
    expect(await cache.get('b', second.make)).toBe(1);
    expect(await cache.get('a', mended.make)).toBe(2);
  });

  it('makes no room for a value made not to be kept', async () => {
    const cache = createTaggedCache<number>({ ttlMs: 1000, maxEntries: 2 });
    const home = counting([]);
    const shop = counting([]);
    await cache.get('/', home.make);
    await cache.get('/shop', shop.make);
    // Pages not found, which anyone can make up: made for the one who asked, never kept.
    for (let n = 0; n < 5; n += 1) expect(await cache.get(`/product/${n}`, counting([], false).make)).toBe(1);
    expect(await cache.get('/', home.make)).toBe(1);
    expect(await cache.get('/shop', shop.make)).toBe(1);
  });

  it('tells what is made from its values the tags of those it read', async () => {
    const cache = createTaggedCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await cache.get('kept', counting(['product:1']).make);
    const { result, tags } = await collectTags(
      async () => (await cache.get('kept', counting([]).make)) + (await cache.get('new', counting(['product:2']).make)),
    );
    expect(result).toBe(2);
    expect(tags.sort()).toEqual(['product:1', 'product:2']);
  });
});
