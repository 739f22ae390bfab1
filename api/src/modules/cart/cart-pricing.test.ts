import { describe, expect, it } from 'vitest';
import { effectivePrice, isOnSale } from '@threadline/contracts';
import { priceCart, priceLines, promoDiscountOn, type PricedLineInput } from './cart-pricing.ts';

const line = (overrides: Partial<PricedLineInput>): PricedLineInput => ({
  lineId: 1,
  productId: 1,
  quantity: 1,
  price: 10_000,
  salePrice: null,
  wholesalePrice: null,
  ...overrides,
});

describe('priceLines', () => {
  it.each([
    ['regular price', line({}), 10_000, false],
    ['sale price when lower', line({ salePrice: 8_000 }), 8_000, false],
    ['a "sale" price above the price is ignored', line({ salePrice: 12_000 }), 10_000, false],
    ['wholesale below the minimum is not applied', line({ quantity: 14, wholesalePrice: 7_000 }), 10_000, false],
    ['wholesale at the minimum', line({ quantity: 15, wholesalePrice: 7_000 }), 7_000, true],
    ['wholesale above a lower sale price is not applied', line({ quantity: 20, salePrice: 6_000, wholesalePrice: 7_000 }), 6_000, false],
    ['wholesale below the sale price', line({ quantity: 20, salePrice: 9_000, wholesalePrice: 7_000 }), 7_000, true],
  ])('%s', (_name, input, unitPrice, isWholesale) => {
    const [priced] = priceLines([input]);
    expect(priced?.unitPrice).toBe(unitPrice);
    expect(priced?.isWholesale).toBe(isWholesale);
    expect(priced?.lineTotal).toBe(unitPrice * input.quantity);
  });

  it('counts every size and colour of one product toward the wholesale minimum', () => {
    const priced = priceLines([
      line({ lineId: 1, quantity: 8, wholesalePrice: 7_000 }),
      line({ lineId: 2, quantity: 7, wholesalePrice: 7_000 }),
      line({ lineId: 3, productId: 2, quantity: 14, wholesalePrice: 7_000 }),
    ]);
    expect(priced.map((entry) => entry.isWholesale)).toEqual([true, true, false]);
  });
});

describe('promoDiscountOn', () => {
  it.each([
    [10_000, { kind: 'percent' as const, value: 20 }, 2_000],
    [9_999, { kind: 'percent' as const, value: 20 }, 2_000],
    [10_000, { kind: 'fixed' as const, value: 50_000 }, 10_000],
    [100_000, { kind: 'fixed' as const, value: 50_000 }, 50_000],
    [0, { kind: 'percent' as const, value: 20 }, 0],
    [10_000, null, 0],
  ])('%i with %j → %i', (subtotal, promo, discount) => {
    expect(promoDiscountOn(subtotal, promo)).toBe(discount);
  });
});

describe('priceCart', () => {
  it('applies sale, then wholesale, then the promo on what remains, never below zero', () => {
    const cart = priceCart(
      [line({ quantity: 15, salePrice: 9_000, wholesalePrice: 7_000 }), line({ lineId: 2, productId: 2, quantity: 1 })],
      { kind: 'percent', value: 20 },
    );
    expect(cart.subtotal).toBe(15 * 7_000 + 10_000);
    expect(cart.promoDiscount).toBe(Math.round(cart.subtotal * 0.2));
    expect(cart.total).toBe(cart.subtotal - cart.promoDiscount);
    expect(cart.itemCount).toBe(16);
    expect(priceCart([line({})], { kind: 'fixed', value: 99_999 }).total).toBe(0);
  });
});

// The contract's sale rule, which product answers and pages use as priceLines does.
describe('effectivePrice', () => {
  it.each([
    [10_000, null, 10_000, false],
    [10_000, 8_000, 8_000, true],
    [10_000, 10_000, 10_000, false],
    [10_000, 12_000, 10_000, false],
    [145, 119, 119, true],
  ])('price %i, sale price %j → %i (on sale: %s)', (price, salePrice, effective, onSale) => {
    expect(effectivePrice(price, salePrice)).toBe(effective);
    expect(isOnSale(price, salePrice)).toBe(onSale);
  });
});
