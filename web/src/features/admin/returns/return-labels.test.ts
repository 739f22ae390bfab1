import { describe, expect, it } from 'vitest';
import { refundSuggestion, restockUnits } from './return-labels.ts';

const line = (unit_price: number, quantity: number) => ({
  id: 1,
  order_item_id: 1,
  product_name: 'Harbour Tee',
  size: null,
  color: null,
  quantity,
  reason: 'too_small' as const,
  unit_price,
  restocked_quantity: 0,
});

describe('refundSuggestion', () => {
  it('is what the returned units cost, as digits the money parser reads', () => {
    expect(refundSuggestion({ items: [line(1950, 2), line(3000, 1)], refundable_amount: 20_000 })).toBe('6900');
    expect(refundSuggestion({ items: [line(1250.25, 2)], refundable_amount: 20_000 })).toBe('2500.50');
  });

  it('never suggests more than the order can still give back', () => {
    expect(refundSuggestion({ items: [line(1950, 2)], refundable_amount: 1000 })).toBe('1000');
    expect(refundSuggestion({ items: [line(1950, 2)], refundable_amount: 0 })).toBe('0');
  });
});

describe('restockUnits', () => {
  it.each([
    ['2', 2, { quantity: 2 }],
    [' 0 ', 2, { quantity: 0 }],
    ['3', 2, { error: 'Enter a whole number from 0 to 2.' }],
    ['1.5', 2, { error: 'Enter a whole number from 0 to 2.' }],
    ['-1', 2, { error: 'Enter a whole number from 0 to 2.' }],
    ['', 2, { error: 'Enter a whole number from 0 to 2.' }],
  ])('reads %j of %i returned as %j', (text, returned, expected) => {
    expect(restockUnits(text, returned)).toEqual(expected);
  });
});
