// How the shop's tax is worked out and named, apart from the other charges: the product page shows
// it beside the price and loads nothing else of them.
import type { StoreCharges } from './store-charges.ts';

/**
 * Tax in cents of goods costing `goodsMinor` after discount, rounded half-up to the cent once for the
 * whole order (integers only, no float drift): the rate of them when it is added on top; when the
 * prices hold it, the part of them it is, price × rate / (1 + rate).
 */
export function taxMinor(charges: StoreCharges, goodsMinor: number): number {
  const basisPoints = Math.round(charges.tax.rate * 100);
  if (!charges.tax.prices_include_tax) return Math.floor((goodsMinor * basisPoints + 5000) / 10000);
  const whole = 10000 + basisPoints;
  return Math.floor((2 * goodsMinor * basisPoints + whole) / (2 * whole));
}

/**
 * How a total's tax line reads: 'Includes GCT' when the prices held it (what follows is the part of
 * the total it is), else the tax's name (what follows was added).
 */
export const taxLabel = (name: string, pricesIncludeTax: boolean): string => (pricesIncludeTax ? `Includes ${name}` : name);
