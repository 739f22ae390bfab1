/**
 * The currencies prices are shown in, and the arithmetic the client may do on money: convert and
 * format for display. No zod here: the web shell imports these on every page, and a module that
 * imports zod would bring it into the shell's first chunk whether or not a schema is used.
 */
export const baseCurrency = 'JMD';

export const currencyCodes = ['JMD', 'USD'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export interface Currency {
  code: CurrencyCode;
  label: string;
  symbol: string;
  flag: string;
}

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
