import { currencies, formatMoney, formatTwoDecimals } from '@threadline/contracts';
import { describe, expect, it } from 'vitest';

const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A seeded generator, so a failure names amounts that can be tried again. */
function seededAmounts(count: number): number[] {
  let state = 20_261_123;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, index) => {
    const magnitude = 10 ** Math.floor(next() * 10);
    // Every other amount has exactly 3 decimals, half of those ending in 5: the rounding edge.
    if (index % 2 === 0) return Math.round(next() * magnitude * 1000) / 1000;
    return Math.floor(next() * magnitude * 10) / 10 + 0.005;
  });
}

describe('formatTwoDecimals', () => {
  it('writes amounts the way en-US number formatting does, half cents rounded up', () => {
    for (const amount of [
      21.904999999999998,
      45160.104999999996,
      0.995,
      0,
      0.004,
      0.005,
      0.015,
      1.005,
      2.675,
      10.5,
      999.995,
      1000,
      1234567.891,
      0.1 + 0.2,
      1e-7,
    ]) {
      expect(formatTwoDecimals(amount), String(amount)).toBe(intl.format(amount));
    }
    expect(formatTwoDecimals(1.005)).toBe('1.01');
    expect(formatTwoDecimals(1234567.891)).toBe('1,234,567.89');
  });

  it('agrees with Intl on 20,000 amounts across ten orders of magnitude', () => {
    const disagreements = seededAmounts(20_000).filter((amount) => formatTwoDecimals(amount) !== intl.format(amount));
    expect(disagreements).toEqual([]);
  });
});

describe('formatMoney', () => {
  it('puts the sign before the symbol and converts at the rate', () => {
    const jmd = currencies.find((currency) => currency.code === 'JMD');
    const usd = currencies.find((currency) => currency.code === 'USD');
    if (!jmd || !usd) throw new Error('JMD and USD are the shop currencies');
    expect(formatMoney('2500', jmd)).toBe(`${jmd.symbol}2,500.00`);
    expect(formatMoney(-12.5, usd, 0.5)).toBe(`-${usd.symbol}6.25`);
    expect(formatMoney('not a number', usd)).toBe(`${usd.symbol}0.00`);
  });
});

describe('currency symbols', () => {
  it('name their dollar: no bare $, which in Jamaica means Jamaican dollars, and US$ as Intl writes it there', () => {
    const symbols = currencies.map((currency) => currency.symbol);
    expect(symbols).toEqual(['J$', 'US$']);
    expect(new Set(symbols).size).toBe(symbols.length);
    // Intl's en-JM writes a bare '$' for JMD, the ambiguity J$ avoids.
    const jamaica = (code: string) => new Intl.NumberFormat('en-JM', { style: 'currency', currency: code });
    expect(jamaica('JMD').format(1234.5)).toBe('$1,234.50');
    const usd = currencies.find((currency) => currency.code === 'USD');
    if (!usd) throw new Error('USD is a shop currency');
    for (const amount of [0, 0.5, 76.16, 1234.5, 1234567.891]) expect(formatMoney(amount, usd)).toBe(jamaica('USD').format(amount));
  });
});
