import { describe, expect, it } from 'vitest';
import { ftsNameQuery, ftsQuery, searchWords, tsQuery } from './search-terms.ts';

describe('searchWords', () => {
  it.each([
    ['Kingston Runner', ['kingston', 'runner']],
    ['  T-Shirt  ', ['t', 'shirt']],
    ['Café', ['cafe']],
    ['"red" OR name:*', ['red', 'or', 'name']],
    ['***', []],
    ['a b c d e f g h i j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
  ])('%j → %j', (input, words) => {
    expect(searchWords(input)).toEqual(words);
  });
});

describe('database queries', () => {
  it('builds prefix queries for both engines', () => {
    expect(ftsQuery(['red', 'cap'])).toBe('"red"* AND "cap"*');
    expect(ftsNameQuery(['red'])).toBe('name : ("red"*)');
    expect(tsQuery(['red', 'cap'])).toBe('red:* & cap:*');
  });
});
