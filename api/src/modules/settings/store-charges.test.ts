import { describe, expect, it } from 'vitest';
import {
  chargesBeforeShippingMinor,
  defaultStoreSettings,
  deliveryFeeMinor,
  invoiceAmountsMinor,
  orderChargesMinor,
  parishNamed,
  taxMinor,
  type StoreCharges,
} from '@threadline/contracts';

const charges: StoreCharges = {
  ...defaultStoreSettings,
  delivery_fees: { ...defaultStoreSettings.delivery_fees, 'St. Andrew': 650, Portland: 1200.5 },
};

const taxed = (rate: number, pricesIncludeTax: boolean): StoreCharges => ({
  ...charges,
  tax: { rate, prices_include_tax: pricesIncludeTax },
});

describe('parishNamed', () => {
  it.each([
    ['St. Andrew', 'St. Andrew'],
    ['st andrew', 'St. Andrew'],
    ['Saint Andrew', 'St. Andrew'],
    ['ST.ANDREW', 'St. Andrew'],
    [' Kingston ', 'Kingston'],
    ['Kingston 10', null],
    ['Florida', null],
    ['', null],
  ])('%j → %s', (name, parish) => {
    expect(parishNamed(name)).toBe(parish);
  });
});

describe('deliveryFeeMinor', () => {
  it.each([
    ['St. Andrew', 10_000, 65_000],
    ['saint andrew', 10_000, 65_000],
    ['Kingston', 10_000, 1_000],
    ['Portland', 10_000, 120_050],
    // Outside the 14 (or none given): the highest fee, never less than a delivery costs.
    ['Miami-Dade', 10_000, 120_050],
    ['', 10_000, 120_050],
  ])('%j with goods of %i cents: %i', (parish, goods, fee) => {
    expect(deliveryFeeMinor(charges, parish, goods)).toBe(fee);
  });

  it.each([
    [4_999_99, 65_000],
    [5_000_00, 0],
    [5_000_01, 0],
  ])('free from J$5,000 of goods after discount: %i cents → %i', (goods, fee) => {
    expect(deliveryFeeMinor({ ...charges, free_delivery_over: 5000 }, 'St. Andrew', goods)).toBe(fee);
  });
});

describe('taxMinor', () => {
  it.each([
    [0, 10_000, 0],
    [15, 10_000, 1_500],
    // 16.5 % of J$0.99 is 16.335 cents: rounded half-up to 16; of J$1.00 is 16.5 → 17.
    [16.5, 99, 16],
    [16.5, 100, 17],
    [12.5, 4, 1],
    [100, 12_345, 12_345],
    [15, 0, 0],
  ])('%d %% of %i cents is %i', (rate, goods, tax) => {
    expect(taxMinor(taxed(rate, false), goods)).toBe(tax);
  });

  it.each([
    [0, 10_000, 0],
    // J$115.00 at 15 % holds J$15.00 of it.
    [15, 11_500, 1_500],
    [15, 10_000, 1_304],
    // 100 × 15 / 115 = 13.04…; 1 cent holds 0.13 of a cent: none.
    [15, 100, 13],
    [15, 1, 0],
    // 4 × 15 / 115 = 0.5217…: half-up to 1.
    [15, 4, 1],
    // 23 × 15 / 115 = 3 exactly; 3.5 cents (27 × 15/115 = 3.52) → 4.
    [15, 23, 3],
    [15, 27, 4],
    // 16.5 %: 233 × 16.5 / 116.5 = 33.0000 → 33; 100 → 14.16 → 14.
    [16.5, 233, 33],
    [16.5, 100, 14],
    [100, 12_345, 6_173],
    [15, 0, 0],
  ])('held in the prices, %d %% of %i cents is %i', (rate, goods, tax) => {
    expect(taxMinor(taxed(rate, true), goods)).toBe(tax);
  });

  it('held in the prices, is the tax that added on top of the price without it gives the price again, to the cent', () => {
    for (let net = 0; net <= 5_000; net += 1) {
      const added = taxMinor(taxed(15, false), net);
      expect(taxMinor(taxed(15, true), net + added)).toBe(added);
    }
  });
});

describe('chargesBeforeShippingMinor', () => {
  it.each([
    [15, false, 10_000, { tax: 1_500, total: 11_500 }],
    [15, true, 11_500, { tax: 1_500, total: 11_500 }],
    [15, true, 9_999, { tax: 1_304, total: 9_999 }],
    [0, true, 9_999, { tax: 0, total: 9_999 }],
  ])('%d %% (held in the prices: %s) on %i cents', (rate, included, goods, expected) => {
    expect(chargesBeforeShippingMinor(taxed(rate, included), goods)).toEqual(expected);
  });
});

describe('invoiceAmountsMinor', () => {
  it.each([
    [
      'added on top: as charged',
      { lines: [10_000, 5_000], subtotal: 15_000, discount: 1_000, tax: 2_100, pricesIncludeTax: false },
      { lines: [10_000, 5_000], subtotal: 15_000, discount: 1_000 },
    ],
    [
      'held, no discount',
      { lines: [11_500, 2_300], subtotal: 13_800, discount: 0, tax: 1_800, pricesIncludeTax: true },
      { lines: [10_000, 2_000], subtotal: 12_000, discount: 0 },
    ],
    // 3 × J$33.33 = J$99.99 holds 13.04 → 13 cents; 86.96 shared 28.99/28.99/28.98 by largest remainder.
    [
      'held, three equal lines that do not divide',
      { lines: [3_333, 3_333, 3_333], subtotal: 9_999, discount: 0, tax: 1_304, pricesIncludeTax: true },
      { lines: [2_899, 2_898, 2_898], subtotal: 8_695, discount: 0 },
    ],
    // 20 % off J$230: goods J$184 hold J$24; the subtotal's share of the tax is 24 × 230/184 = 30.
    [
      'held, with a discount',
      { lines: [23_000], subtotal: 23_000, discount: 4_600, tax: 2_400, pricesIncludeTax: true },
      { lines: [20_000], subtotal: 20_000, discount: 4_000 },
    ],
    [
      'held, everything discounted',
      { lines: [5_000], subtotal: 5_000, discount: 5_000, tax: 0, pricesIncludeTax: true },
      { lines: [5_000], subtotal: 5_000, discount: 5_000 },
    ],
  ])('%s', (_name, order, expected) => {
    expect(invoiceAmountsMinor(order)).toEqual(expected);
  });

  it('lists lines that, less the discount and with the tax, are what was paid for the goods, for any split', () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const lines = [((seed * 37) % 9_973) + 1, ((seed * 101) % 4_999) + 1, ((seed * 13) % 777) + 1];
      const subtotal = lines.reduce((sum, line) => sum + line, 0);
      const discount = seed % 3 === 0 ? Math.round(subtotal / 10) : 0;
      const tax = taxMinor(taxed(15, true), subtotal - discount);
      const listed = invoiceAmountsMinor({ lines, subtotal, discount, tax, pricesIncludeTax: true });
      expect(listed.lines.reduce((sum, line) => sum + line, 0)).toBe(listed.subtotal);
      expect(listed.subtotal - listed.discount + tax).toBe(subtotal - discount);
    }
  });
});

describe('orderChargesMinor', () => {
  it.each([
    ['pickup', 'St. Andrew', 0, false, 10_000, { shipping: 0, tax: 0, total: 10_000 }],
    ['delivery', 'St. Andrew', 0, false, 10_000, { shipping: 65_000, tax: 0, total: 75_000 }],
    ['delivery', 'St. Andrew', 15, false, 10_000, { shipping: 65_000, tax: 1_500, total: 76_500 }],
    ['pickup', '', 15, false, 0, { shipping: 0, tax: 0, total: 0 }],
    // Held in the prices: the goods are what is paid; delivery is not taxed either way.
    ['delivery', 'St. Andrew', 15, true, 11_500, { shipping: 65_000, tax: 1_500, total: 76_500 }],
    ['pickup', '', 15, true, 10_000, { shipping: 0, tax: 1_304, total: 10_000 }],
  ] as const)('%s to %j at %d %% (held in the prices: %s) on %i cents', (method, parish, rate, included, goods, expected) => {
    expect(orderChargesMinor(taxed(rate, included), method, parish, goods)).toEqual(expected);
  });
});
