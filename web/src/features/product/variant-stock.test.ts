import { describe, expect, it } from 'vitest';
import { detailFixture, productFixture } from '@/test/shop-fixtures.ts';
import {
  attributesOf,
  cartVariantFields,
  initialSelection,
  isLowStock,
  isSoldOut,
  quantityLimit,
  selectionStock,
  stockLabel,
} from './variant-stock.ts';

describe('stock of the chosen options (SPEC §4)', () => {
  const detail = detailFixture();

  it.each([
    [{}, null, 'Select Options'],
    [{ Size: '9' }, null, 'Select Options'],
    [{ Size: '9', Color: 'Black' }, 2, 'In Stock'],
    [{ Size: '10', Color: 'Black' }, 8, 'In Stock'],
    [{ Size: '10', Color: 'Red' }, 0, 'Out of Stock'],
    [{ Size: '8', Color: 'Black' }, 0, 'Out of Stock'],
  ])('%o has %s left: %s', (selection, stock, label) => {
    expect(selectionStock(detail, selection)).toBe(stock);
    expect(stockLabel(selectionStock(detail, selection))).toBe(label);
  });

  it('uses the lowest option stock when the API lists no combinations', () => {
    const withoutCombinations = detailFixture({ variants: [] });
    expect(selectionStock(withoutCombinations, { Size: '9', Color: 'Red' })).toBe(6);
  });

  it('uses the product stock for a product without variants', () => {
    const plain = detailFixture({ available_variants: {}, variants: [], product: productFixture({ stock: 3 }) });
    expect(attributesOf(plain)).toEqual([]);
    expect(selectionStock(plain, {})).toBe(3);
    expect(stockLabel(selectionStock({ ...plain, product: productFixture({ stock: 0 }) }, {}))).toBe('Out of Stock');
  });

  it('is Out of Stock whatever is chosen when nothing of the product can be bought', () => {
    const noneLeft = detailFixture({
      variants: detailFixture().variants.map((variant) => ({ ...variant, stock: 0 })),
    });
    expect(isSoldOut(noneLeft)).toBe(true);
    expect(stockLabel(selectionStock(noneLeft, {}))).toBe('Out of Stock');
    expect(isSoldOut(detailFixture({ product: productFixture({ stock: 0 }) }))).toBe(true);
    expect(isSoldOut(detailFixture())).toBe(false);
  });

  it.each([
    [null, null, null],
    [8, null, 8],
    [8, 6, 2],
    [2, 2, 0],
    [2, 5, 0],
  ])('with %s in stock and %s in the cart, up to %s can be added', (stock, inCart, limit) => {
    expect(quantityLimit(stock, inCart)).toBe(limit);
  });

  it('treats an attribute without options as no attribute', () => {
    const colourOnly = detailFixture({
      available_variants: { Size: [], Color: [{ id: 1, value: 'Black', name: 'Black', stock: 2 }] },
    });
    expect(attributesOf(colourOnly)).toEqual(['Color']);
  });

  it.each([
    [0, false],
    [1, true],
    [5, true],
    [6, false],
  ])('stock %i is low: %s', (stock, low) => {
    expect(isLowStock(stock)).toBe(low);
  });
});

describe('preselection (SPEC §4)', () => {
  it('picks the first in-stock option of each attribute, skipping sold-out ones', () => {
    expect(initialSelection(detailFixture())).toEqual({ Size: '9', Color: 'Black' });
  });

  it('passes over an option whose combinations with the earlier choices are all sold out', () => {
    const detail = detailFixture({
      variants: [
        { id: 3, size: '9', color: 'Black', stock: 0 },
        { id: 4, size: '9', color: 'Red', stock: 0 },
        { id: 5, size: '10', color: 'Black', stock: 0 },
        { id: 6, size: '10', color: 'Red', stock: 4 },
      ],
    });
    expect(initialSelection(detail)).toEqual({ Size: '10', Color: 'Red' });
  });

  it('leaves an attribute with nothing in stock unchosen', () => {
    const detail = detailFixture({
      available_variants: { Size: [{ id: 1, value: '8', name: '8', stock: 0 }], Color: [] },
      variants: [],
    });
    expect(initialSelection(detail)).toEqual({});
  });
});

describe('cart variant fields', () => {
  it('sends the chosen values, and null for an attribute the product lacks', () => {
    expect(cartVariantFields({ Size: '9', Color: 'Black' })).toEqual({ variant_size: '9', variant_color: 'Black' });
    expect(cartVariantFields({ Color: 'Gold' })).toEqual({ variant_size: null, variant_color: 'Gold' });
    expect(cartVariantFields({})).toEqual({ variant_size: null, variant_color: null });
  });
});
