import { describe, expect, it } from 'vitest';
import { defaultStoreSettings, deliveryFeeMinor, orderChargesMinor, parishNamed, taxMinor, type StoreCharges } from '@threadline/contracts';

const charges: StoreCharges = {
  ...defaultStoreSettings,
  delivery_fees: { ...defaultStoreSettings.delivery_fees, 'St. Andrew': 650, Portland: 1200.5 },
};

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
    expect(taxMinor({ ...charges, tax_rate: rate }, goods)).toBe(tax);
  });
});

describe('orderChargesMinor', () => {
  it.each([
    ['pickup', 'St. Andrew', 0, 10_000, { shipping: 0, tax: 0, total: 10_000 }],
    ['delivery', 'St. Andrew', 0, 10_000, { shipping: 65_000, tax: 0, total: 75_000 }],
    ['delivery', 'St. Andrew', 15, 10_000, { shipping: 65_000, tax: 1_500, total: 76_500 }],
    ['pickup', '', 15, 0, { shipping: 0, tax: 0, total: 0 }],
  ] as const)('%s to %j at %d %% on %i cents', (method, parish, rate, goods, expected) => {
    expect(orderChargesMinor({ ...charges, tax_rate: rate }, method, parish, goods)).toEqual(expected);
  });
});
