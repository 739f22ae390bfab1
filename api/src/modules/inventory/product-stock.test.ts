import { describe, expect, it } from 'vitest';
import { optionStockDeltas, productStockDeltas, variantStockChange, type VariantStockChange } from './product-stock.ts';

const change = (productId: number, before: number | null, after: number | null): VariantStockChange => ({
  productId,
  size: null,
  color: null,
  before,
  after,
});

describe('productStockDeltas', () => {
  it.each([
    ['a variant added with plenty', [change(1, null, 10)], [{ productId: 1, stock: 10, lowVariants: 0, outVariants: 0 }]],
    ['a variant added sold out', [change(1, null, 0)], [{ productId: 1, stock: 0, lowVariants: 0, outVariants: 1 }]],
    ['an order taking it down to low', [change(1, 6, 5)], [{ productId: 1, stock: -1, lowVariants: 1, outVariants: 0 }]],
    ['an order taking the last unit', [change(1, 1, 0)], [{ productId: 1, stock: -1, lowVariants: -1, outVariants: 1 }]],
    ['a cancellation bringing a sold-out variant back', [change(1, 0, 2)], [{ productId: 1, stock: 2, lowVariants: 1, outVariants: -1 }]],
    ['a low variant retired', [change(1, 3, null)], [{ productId: 1, stock: -3, lowVariants: -1, outVariants: 0 }]],
    ['a sold-out variant deleted', [change(1, 0, null)], [{ productId: 1, stock: 0, lowVariants: 0, outVariants: -1 }]],
    ['a change within plenty', [change(1, 20, 12)], [{ productId: 1, stock: -8, lowVariants: 0, outVariants: 0 }]],
    ['a retired variant given stock back', [change(1, null, null)], []],
    ['changes that cancel out', [change(1, 4, 3), change(1, 3, 4)], []],
  ])('%s', (_name, changes, deltas) => {
    expect(productStockDeltas(changes)).toEqual(deltas);
  });

  it('adds up each product once, in product order', () => {
    expect(productStockDeltas([change(9, 10, 8), change(2, 1, 0), change(9, 0, null), change(2, 7, 4)])).toEqual([
      { productId: 2, stock: -4, lowVariants: 0, outVariants: 1 },
      { productId: 9, stock: -2, lowVariants: 0, outVariants: -1 },
    ]);
  });
});

describe('variantStockChange', () => {
  it.each([
    [
      'an order taking 2',
      { product_id: 4, size: 'M', color: null, stock: 3, retired_at: null },
      -2,
      { productId: 4, size: 'M', color: null, before: 5, after: 3 },
    ],
    [
      'a cancellation giving 2 back',
      { product_id: 4, size: 'M', color: null, stock: 2, retired_at: null },
      2,
      { productId: 4, size: 'M', color: null, before: 0, after: 2 },
    ],
    [
      'a retired variant given units back',
      { product_id: 4, size: 'M', color: null, stock: 2, retired_at: '2026-11-01T00:00:00.000Z' },
      2,
      { productId: 4, size: 'M', color: null, before: null, after: null },
    ],
  ])('%s', (_name, variant, delta, expected) => {
    expect(variantStockChange(variant, delta)).toEqual(expected);
  });
});

describe('optionStockDeltas', () => {
  const option = (
    productId: number,
    size: string | null,
    color: string | null,
    before: number | null,
    after: number | null,
  ): VariantStockChange => ({ productId, size, color, before, after });
  it.each([
    [
      'a variant added in stock counts in its size, its colour and both',
      [option(1, 'M', 'Red', null, 3)],
      [
        { productId: 1, size: '', color: 'Red', variants: 1 },
        { productId: 1, size: 'M', color: '', variants: 1 },
        { productId: 1, size: 'M', color: 'Red', variants: 1 },
      ],
    ],
    [
      'a variant without a colour counts in its size only',
      [option(1, 'M', null, null, 3)],
      [{ productId: 1, size: 'M', color: '', variants: 1 }],
    ],
    ['a variant without options counts nowhere', [option(1, null, null, null, 3)], []],
    ['a change within stock changes no row', [option(1, 'M', 'Red', 5, 2)], []],
    ['an order taking the last unit', [option(1, 'S', null, 1, 0)], [{ productId: 1, size: 'S', color: '', variants: -1 }]],
    [
      'a cancellation bringing a sold-out variant back',
      [option(1, null, 'Red', 0, 2)],
      [{ productId: 1, size: '', color: 'Red', variants: 1 }],
    ],
    ['a variant retired with stock', [option(1, 'S', null, 4, null)], [{ productId: 1, size: 'S', color: '', variants: -1 }]],
    [
      'a size changed on a variant in stock',
      [option(2, 'S', null, 4, null), option(2, 'M', null, null, 4), option(1, 'L', null, null, 1)],
      [
        { productId: 1, size: 'L', color: '', variants: 1 },
        { productId: 2, size: 'M', color: '', variants: 1 },
        { productId: 2, size: 'S', color: '', variants: -1 },
      ],
    ],
    [
      'two variants of one colour, one sold out',
      [option(1, 'S', 'Red', 1, 0)],
      [
        { productId: 1, size: '', color: 'Red', variants: -1 },
        { productId: 1, size: 'S', color: '', variants: -1 },
        { productId: 1, size: 'S', color: 'Red', variants: -1 },
      ],
    ],
  ])('%s', (_name, changes, deltas) => {
    expect(optionStockDeltas(changes)).toEqual(deltas);
  });
});
