import { describe, expect, it } from 'vitest';
import { fitVerdict, type FitCounts, type ReviewFit } from '@threadline/contracts';
import { authorName, summarize } from './review-summary.ts';

describe('review summary', () => {
  it('folds counts by stars and fit into the average, distribution and fit', () => {
    expect(
      summarize([
        { rating: 5, fit: 'small', count: 2 },
        { rating: 4, fit: 'true_to_size', count: 1 },
        { rating: 1, fit: 'small', count: 1 },
      ]),
    ).toEqual({ average: 3.8, count: 4, distribution: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 }, fit: { small: 3, true_to_size: 1, large: 0 } });
    expect(summarize([])).toEqual({
      average: null,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      fit: { small: 0, true_to_size: 0, large: 0 },
    });
  });

  it.each<[FitCounts, ReviewFit | null, string]>([
    [{ small: 3, true_to_size: 1, large: 0 }, null, 'too few reviews'],
    [{ small: 3, true_to_size: 2, large: 0 }, 'small', 'five reviews, a majority'],
    [{ small: 2, true_to_size: 2, large: 2 }, null, 'split'],
    [{ small: 3, true_to_size: 3, large: 0 }, null, 'half is no majority'],
    [{ small: 0, true_to_size: 1, large: 6 }, 'large', 'most say large'],
  ])('the fit verdict of %o is %s (%s)', (counts, verdict) => {
    expect(fitVerdict(counts)).toBe(verdict);
  });

  it.each([
    ['Ayesha', 'Campbell', 'Ayesha C.'],
    [' Kemar ', 'brown', 'Kemar B.'],
    ['Shanice', '', 'Shanice'],
    ['', 'Reid', 'R.'],
    ['', '', 'A customer'],
  ])('%s %s is shown as %s', (first, last, shown) => {
    expect(authorName(first, last)).toBe(shown);
  });
});
