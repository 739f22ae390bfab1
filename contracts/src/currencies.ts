/**
 * The currencies prices are shown in, and the arithmetic the client may do on money: convert and
 * format for display. No zod here: the web shell imports these on every page, and a module that
 * imports zod would bring it into the shell's first chunk whether or not a schema is used.
 */
/** The currency every price is kept, charged and paid in (SPEC §3); others are for display. */
export const baseCurrency = 'JMD';

export const currencyCodes = [baseCurrency, 'USD'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export interface Currency {
  code: CurrencyCode;
  label: string;
  symbol: string;
  flag: string;
}

/**
 * Each symbol names its dollar: in Jamaica a bare '$' means Jamaican dollars, so US dollars are
 * 'US$', as Intl's en-JM locale writes them (spec-deviations.md, Behaviour).
 */
export const shopCurrency: Currency = { code: baseCurrency, label: 'Jamaican Dollar', symbol: 'J$', flag: '🇯🇲' };

export const currencies: readonly Currency[] = [shopCurrency, { code: 'USD', label: 'US Dollar', symbol: 'US$', flag: '🇺🇸' }];

/**
 * The cookie that tells the server the shopper's currency, so a page it renders shows their prices
 * from the first paint. The browser keeps it beside the `currency` storage key (SPEC §7).
 */
export const currencyCookie = { name: 'currency', maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

/** The shop currency a cookie's value names, or the base currency for anything else. */
export function currencyFromCookie(value: string | undefined): CurrencyCode {
  return currencyCodes.find((code) => code === value) ?? baseCurrency;
}

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
function convertAmount(amount: unknown, rate: number): number {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return value * rate;
}

/**
 * `amount` (zero or more) with 2 decimals and comma thousands, exactly as en-US Intl number
 * formatting writes it: rounded half up on the amount's shortest decimal form, so 1.005 → 1.01 and
 * 21.904999999999998 → 21.90. Done by hand because the first use of Intl number formatting loads
 * ICU's locale data, ~60 ms of a phone's first render. The rounding reads the decimal text, since
 * multiplying by 100 in floating point moves amounts across the half-cent line.
 */
export function formatTwoDecimals(amount: number): string {
  const text = String(amount);
  let cents: number;
  if (text.includes('e-')) cents = 0;
  else if (text.includes('e')) cents = Math.round(amount * 100);
  else {
    const [wholeText = '0', fractionText = ''] = text.split('.');
    const roundsUp = (fractionText[2] ?? '0') >= '5';
    cents = Number(wholeText) * 100 + Number(fractionText.slice(0, 2).padEnd(2, '0')) + (roundsUp ? 1 : 0);
  }
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** SPEC §5: exactly 2 decimals with the currency symbol. */
export function formatMoney(amount: unknown, currency: Currency, rate = 1): string {
  const converted = convertAmount(amount, rate);
  const sign = converted < 0 ? '-' : '';
  return `${sign}${currency.symbol}${formatTwoDecimals(Math.abs(converted))}`;
}
