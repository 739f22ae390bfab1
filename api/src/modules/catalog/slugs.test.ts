import { describe, expect, it } from 'vitest';
import { freeSlug, slugFrom } from './slugs.ts';

describe('slugFrom', () => {
  it.each([
    ['Classic Runner', 'classic-runner'],
    ['  Négril   Sandal!! ', 'negril-sandal'],
    ['T-Shirts & Tees', 't-shirts-tees'],
    ['¡¿!', 'item'],
    ['Size 10½ Boot', 'size-10-boot'],
  ])('%s → %s', (name, slug) => expect(slugFrom(name)).toBe(slug));

  it('cuts a long name at a word edge without a trailing hyphen', () => {
    expect(slugFrom('abc def', 4)).toBe('abc');
  });
});

describe('freeSlug', () => {
  it.each([
    [[], 'cap'],
    [['cap'], 'cap-2'],
    [['cap', 'cap-2', 'cap-3'], 'cap-4'],
    [['cap-2'], 'cap'],
  ])('with %j taken → %s', (taken, slug) => expect(freeSlug('cap', taken)).toBe(slug));
});
