import { describe, expect, it } from 'vitest';
import { createSummaryCounter, type SummaryGroup } from './summary-groups.ts';

const group = (pairs: [string | null, string | null][], count: number, priced = true, min = 100, max = 200): SummaryGroup => ({
  options: JSON.stringify(pairs),
  priced,
  count,
  min,
  max,
});

// Two products with size 9 in Red and 10 in Black; one with 9 in Black and an 11 without a colour; one with none in stock.
const groups = [
  group(
    [
      ['10', 'Black'],
      ['9', 'Red'],
    ],
    2,
    true,
    1_500,
    1_800,
  ),
  group(
    [
      ['11', null],
      ['9', 'Black'],
    ],
    1,
    true,
    1_200,
    1_200,
  ),
  group([], 1, true, 900, 900),
];

function counted(chosen: { size?: string; color?: string }, summaryGroups = groups) {
  const counter = createSummaryCounter(chosen);
  for (const each of summaryGroups) counter.add(each);
  return counter.counts();
}

describe('a summary counted from products grouped by their in-stock sizes and colours', () => {
  it('without a size or colour: every product, each size and colour once per product that has it', () => {
    expect(counted({})).toEqual({
      count: 4,
      sizes: [
        { value: '10', count: 2 },
        { value: '9', count: 3 },
        { value: '11', count: 1 },
      ],
      colors: [
        { value: 'Black', count: 3 },
        { value: 'Red', count: 2 },
      ],
      price: { min: 900, max: 1_800 },
    });
  });

  it('given a colour: the products with one variant in it, and the sizes in stock in that colour', () => {
    expect(counted({ color: 'Black' })).toEqual({
      count: 3,
      sizes: [
        { value: '10', count: 2 },
        { value: '9', count: 1 },
      ],
      colors: [
        { value: 'Black', count: 3 },
        { value: 'Red', count: 2 },
      ],
      price: { min: 1_200, max: 1_800 },
    });
  });

  it('given a size and a colour: one variant must have both', () => {
    const summary = counted({ size: '9', color: 'Black' });
    expect(summary.count).toBe(1);
    expect(summary.sizes).toEqual([
      { value: '10', count: 2 },
      { value: '9', count: 1 },
    ]);
    expect(summary.colors).toEqual([
      { value: 'Red', count: 2 },
      { value: 'Black', count: 1 },
    ]);
    expect(summary.price).toEqual({ min: 1_200, max: 1_200 });
  });

  it('counts and facets only what the price filter lists; the price range ignores it', () => {
    const summary = counted({}, [group([['9', 'Red']], 2, false, 3_000, 4_000), group([['10', 'Red']], 1, true, 1_000, 1_000)]);
    expect(summary).toEqual({
      count: 1,
      sizes: [{ value: '10', count: 1 }],
      colors: [{ value: 'Red', count: 1 }],
      price: { min: 1_000, max: 4_000 },
    });
  });

  it('has no price range where nothing is listed, and no colour in a size none has', () => {
    expect(counted({ size: '12' })).toEqual({
      count: 0,
      sizes: [
        { value: '10', count: 2 },
        { value: '9', count: 3 },
        { value: '11', count: 1 },
      ],
      colors: [],
      price: null,
    });
  });
});
