import { z } from 'zod';

/**
 * Money on the server is integer minor units (cents) of JMD. On the wire it is a JMD amount in
 * major units with at most 2 decimals (SPEC §3 fields like `price`), so answers read like the
 * spec's; the client converts for display only.
 */
export const baseCurrency = 'JMD';

export const currencyCodes = ['JMD', 'USD'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];
export const currencyCodeSchema = z.enum(currencyCodes);

export const currencySchema = z.object({
  code: currencyCodeSchema,
  label: z.string(),
  symbol: z.string(),
  flag: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencies: readonly Currency[] = [
  { code: 'JMD', label: 'Jamaican Dollar', symbol: 'J$', flag: '🇯🇲' },
  { code: 'USD', label: 'US Dollar', symbol: '$', flag: '🇺🇸' },
];

/** SPEC §9 fallback rates, relative to JMD (1 JMD = rate units of the currency). */
export const fallbackRates: Readonly<Record<string, number>> = {
  JMD: 1,
  USD: 0.0064,
  EUR: 0.0059,
  GBP: 0.0051,
  CAD: 0.0089,
};

export const minorToMajor = (minor: number): number => Math.round(minor) / 100;
export const majorToMinor = (major: number): number => Math.round(major * 100);

/** SPEC §5: a missing or non-numeric amount converts to 0. */
export function convertAmount(amount: unknown, rate: number): number {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return value * rate;
}

/** SPEC §5: exactly 2 decimals with the currency symbol. */
export function formatMoney(amount: unknown, currency: Currency, rate = 1): string {
  const converted = convertAmount(amount, rate);
  const sign = converted < 0 ? '-' : '';
  const digits = Math.abs(converted).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${sign}${currency.symbol}${digits}`;
}

/** A JMD amount on the wire: non-negative, 2 decimals at most. */
export const moneySchema = z.number();
