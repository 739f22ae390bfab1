import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

type Step = { at: number; get: string } | { forget: string } | 'clear';

/**
 * Runs steps against a cache of 2 entries living 100 ms and answers what each get saw: 'made a1'
 * when `make` ran (the 1st value made, for key a), 'kept a1' when the kept value came back.
 */
function run(steps: Step[]): string[] {
  let clock = 0;
  const cache = createTtlCache<string, string>({ ttlMs: 100, maxEntries: 2, now: () => clock });
  let made = 0;
  const seen: string[] = [];
  for (const step of steps) {
    if (step === 'clear') cache.clear();
    else if ('forget' in step) cache.forget(step.forget);
    else {
      clock = step.at;
      const before = made;
      const value = cache.get(step.get, () => {
        made += 1;
        return `${step.get}${made}`;
      });
      seen.push(`${made > before ? 'made' : 'kept'} ${value}`);
    }
  }
  return seen;
}

describe('createTtlCache', () => {
  it.each<[string, Step[], string[]]>([
    [
      'keeps a value while it is young',
      [
        { at: 0, get: 'a' },
        { at: 99, get: 'a' },
      ],
      ['made a1', 'kept a1'],
    ],
    [
      'makes it again once it is as old as the time to live',
      [
        { at: 0, get: 'a' },
        { at: 100, get: 'a' },
        { at: 150, get: 'a' },
      ],
      ['made a1', 'made a2', 'kept a2'],
    ],
    [
      'keeps each key apart',
      [
        { at: 0, get: 'a' },
        { at: 1, get: 'b' },
        { at: 2, get: 'a' },
      ],
      ['made a1', 'made b2', 'kept a1'],
    ],
    [
      'forgets one key',
      [{ at: 0, get: 'a' }, { at: 0, get: 'b' }, { forget: 'a' }, { at: 1, get: 'a' }, { at: 1, get: 'b' }],
      ['made a1', 'made b2', 'made a3', 'kept b2'],
    ],
    [
      'clears every key',
      [{ at: 0, get: 'a' }, { at: 0, get: 'b' }, 'clear', { at: 1, get: 'a' }, { at: 1, get: 'b' }],
      ['made a1', 'made b2', 'made a3', 'made b4'],
    ],
    [
      'when full, drops the value stored longest ago',
      [
        { at: 0, get: 'a' },
        { at: 1, get: 'b' },
        { at: 2, get: 'c' },
        { at: 3, get: 'b' },
        { at: 4, get: 'a' },
      ],
      ['made a1', 'made b2', 'made c3', 'kept b2', 'made a4'],
    ],
    [
      'counts a value made again as stored last',
      [
        { at: 0, get: 'a' },
        { at: 50, get: 'b' },
        { at: 100, get: 'a' },
        { at: 101, get: 'c' },
        { at: 102, get: 'a' },
        { at: 103, get: 'b' },
      ],
      ['made a1', 'made b2', 'made a3', 'made c4', 'kept a3', 'made b5'],
    ],
  ])('%s', (_name, steps, seen) => {
    expect(run(steps)).toEqual(seen);
  });

  it('forgets a promise that rejects, but not the one made after it', async () => {
    const cache = createTtlCache<string, Promise<string>>({ ttlMs: 1000, maxEntries: 10 });
    let rejectFirst: (error: Error) => void = () => {};
    const first = cache.get('a', () => new Promise<string>((_resolve, reject) => (rejectFirst = reject)));
    rejectFirst(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    const second = cache.get('a', () => Promise.resolve('made again'));
    expect(second).not.toBe(first);
    await expect(cache.get('a', () => Promise.resolve('not made'))).resolves.toBe('made again');

    let rejectStale: (error: Error) => void = () => {};
    const stale = cache.get('b', () => new Promise<string>((_resolve, reject) => (rejectStale = reject)));
    cache.forget('b');
    const fresh = cache.get('b', () => Promise.resolve('fresh'));
    rejectStale(new Error('late failure'));
    await expect(stale).rejects.toThrow('late failure');
    expect(cache.get('b', () => Promise.resolve('not made'))).toBe(fresh);
  });
});
