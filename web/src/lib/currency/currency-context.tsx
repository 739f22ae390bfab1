import {
  currencies,
  currencyCookie,
  currencyFromCookie,
  fallbackRates,
  formatMoney,
  messages,
  shopCurrency,
  storageKeys,
  type Currency,
  type CurrencyCode,
  type RatesResponse,
} from '@threadline/contracts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiGet } from '@/lib/api-client.ts';
import { wakeEveryIsland } from '@/lib/hydrate-when-seen.tsx';
import { useAfterHydration } from '@/lib/hydration.ts';
import { createSharedState } from '@/lib/shared-state.tsx';
import { readStorage, writeStorage } from '@/lib/storage.ts';

/** 'live': today's rates from the server; 'cached': an earlier day's, or the fallback rates. */
export type RatesStatus = 'live' | 'cached';

export interface CurrencyState {
  currency: Currency;
  setCurrency(code: CurrencyCode): void;
  /** 1 JMD in the chosen currency. */
  rate: number;
  /** A JMD amount from the API, converted and shown with the symbol and exactly 2 decimals (SPEC §5). */
  format(amountJmd: unknown): string;
  status: RatesStatus;
  /** 'Failed to update exchange rates' after a failed refresh; the fallback or cached rates are in use. */
  error: string | null;
  /** Fetches the rates unless today's are already held (SPEC §1: at most once per calendar day). */
  refresh(): Promise<void>;
}

/**
 * `chosen`: the shopper's currency. `page`: the one the server rendered the page in, which an
 * island hydrating later renders too. A choice made before every island has hydrated would otherwise
 * hydrate them with text the server's markup does not hold: React then throws away their markup and
 * draws them anew, and a busy phone was seen to leave islands in the old currency for good.
 */
const CurrencyContext = createSharedState<{ chosen: CurrencyState; page: CurrencyState }>();

/**
 * The currency a page rendered on the server shows its prices in (the shopper's `currency` cookie),
 * and the day's rates the server converted them at; null rates for JMD, which needs none.
 */
export interface PageCurrency {
  code: CurrencyCode;
  rates: Record<string, number> | null;
}

/**
 * Today's local date as YYYY-MM-DD. Built by hand: the first date formatting through Intl loads the
 * locale and time-zone data, which blocked the first render of every page for ~80 ms on a phone.
 */
function today(): string {
  const now = new Date();
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

function storedRates(): Record<string, number> {
  const text = readStorage(storageKeys.exchangeRates);
  if (!text) return { ...fallbackRates };
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null
      ? { ...fallbackRates, ...(parsed as Record<string, number>) }
      : { ...fallbackRates };
  } catch {
    return { ...fallbackRates };
  }
}

function sameRates(a: Record<string, number>, b: Record<string, number>): boolean {
  const codes = Object.keys(b);
  return codes.length === Object.keys(a).length && codes.every((code) => a[code] === b[code]);
}

/** 1 JMD in `code` at these rates (the fallback rates' if they lack it). */
const rateOf = (code: CurrencyCode, rates: Record<string, number>) => rates[code] ?? fallbackRates[code] ?? 1;

const currencyOf = (code: string | null) => currencies.find((currency) => currency.code === code) ?? shopCurrency;

const storedCurrency = () => currencyOf(readStorage(storageKeys.currency));

/** The `currency` cookie's value, which the server renders pages in. */
function cookieCurrency(): CurrencyCode {
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(`${currencyCookie.name}=`));
  return currencyFromCookie(cookie?.slice(currencyCookie.name.length + 1));
}

/** Tells the server the shopper's currency, so the next page it renders shows their prices from the first paint. */
function rememberForServer(code: CurrencyCode): void {
  document.cookie = `${currencyCookie.name}=${code}; Max-Age=${currencyCookie.maxAgeSeconds}; Path=/; SameSite=Lax`;
}

/**
 * `page`: the currency and rates of the page the server rendered, which hydration must render too.
 * The shopper's stored choice applies right after; it is the same one unless the cookie was lost.
 */
export function CurrencyProvider({ children, page = null }: { children: ReactNode; page?: PageCurrency | null }) {
  const [chosenCurrency, setCurrencyState] = useState(storedCurrency);
  const currency = useAfterHydration(chosenCurrency, currencyOf(page?.code ?? null));
  // The server's rates are the day's rates a refresh would fetch; starting from them keeps the prices it rendered.
  const [rates, setRates] = useState(() => (page?.rates ? { ...fallbackRates, ...page.rates } : storedRates()));
  const [status, setStatus] = useState<RatesStatus>(() => (readStorage(storageKeys.ratesLastFetched) === today() ? 'live' : 'cached'));
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    if (readStorage(storageKeys.ratesLastFetched) === today()) return Promise.resolve();
    inFlight.current ??= apiGet<RatesResponse>('/rates/', { sessionFree: true })
      .then((answer) => {
        const next = { ...fallbackRates, ...answer.rates };
        // Unchanged rates keep the same object, so prices on the page are not rendered again.
        setRates((current) => (sameRates(current, next) ? current : next));
        writeStorage(storageKeys.exchangeRates, JSON.stringify(answer.rates));
        setError(null);
        if (answer.source === 'live') {
          writeStorage(storageKeys.ratesLastFetched, today());
          setStatus('live');
        } else {
          setStatus('cached');
        }
      })
      .catch(() => {
        setError(messages.ratesFailed);
        setStatus('cached');
      })
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  }, []);

  // On a page the server rendered, once it has hydrated.
  const hydrated = useAfterHydration(true, false);
  useEffect(() => {
    if (hydrated) void refresh();
  }, [hydrated, refresh]);

  // The server rendered the page in the cookie's currency; a choice it did not know (stored before
  // the cookie existed, or its cookie dropped) is shown everywhere at once, islands not seen yet too.
  useLayoutEffect(() => {
    if (hydrated && page !== null && chosenCurrency.code !== page.code) wakeEveryIsland();
  }, [hydrated, page, chosenCurrency]);

  // A choice stored before the cookie existed (or whose cookie the browser dropped) reaches the server too.
  useEffect(() => {
    if (cookieCurrency() !== chosenCurrency.code) rememberForServer(chosenCurrency.code);
  }, [chosenCurrency]);

  const setCurrency = useCallback((code: CurrencyCode) => {
    const next = currencies.find((entry) => entry.code === code);
    if (!next) return;
    writeStorage(storageKeys.currency, next.code);
    // At once, not in the effect after the next paint: a page opened right after the choice is
    // rendered by the server in the currency this cookie names.
    rememberForServer(next.code);
    setCurrencyState(next);
  }, []);

  const value = useMemo(() => {
    const stateIn = (shown: Currency, shownRates: Record<string, number>): CurrencyState => {
      const rate = rateOf(shown.code, shownRates);
      return {
        currency: shown,
        setCurrency,
        rate,
        format: (amountJmd: unknown) => formatMoney(amountJmd, shown, rate),
        status,
        error,
        refresh,
      };
    };
    const chosen = stateIn(currency, rates);
    const pageRates = { ...fallbackRates, ...page?.rates };
    // The same prices as the server's are the same object: every part showing one would otherwise
    // render again right after it hydrates (useAfterHydration compares them), on every page.
    const samePrices = (rendered: PageCurrency) =>
      rendered.code === currency.code && rateOf(rendered.code, pageRates) === rateOf(currency.code, rates);
    return { chosen, page: page === null || samePrices(page) ? chosen : stateIn(currencyOf(page.code), pageRates) };
  }, [currency, rates, status, error, refresh, setCurrency, page]);

  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const state = CurrencyContext.useValue();
  // While it hydrates, a part renders the server's currency; right after, the shopper's.
  const shown = useAfterHydration(state?.chosen ?? null, state?.page ?? null);
  if (!shown) throw new Error('useCurrency must be used inside CurrencyProvider');
  return shown;
}
