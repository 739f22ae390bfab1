import {
  currencies,
  fallbackRates,
  formatMoney,
  messages,
  storageKeys,
  type Currency,
  type CurrencyCode,
  type RatesResponse,
} from '@threadline/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiGet } from '@/lib/api-client.ts';
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

const CurrencyContext = createContext<CurrencyState | null>(null);

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
    return typeof parsed === 'object' && parsed !== null ? { ...fallbackRates, ...(parsed as Record<string, number>) } : { ...fallbackRates };
  } catch {
    return { ...fallbackRates };
  }
}

function storedCurrency(): Currency {
  const code = readStorage(storageKeys.currency);
  return currencies.find((currency) => currency.code === code) ?? (currencies[0] as Currency);
}

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setCurrencyState] = useState(storedCurrency);
  const [rates, setRates] = useState(storedRates);
  const [status, setStatus] = useState<RatesStatus>(() =>
    readStorage(storageKeys.ratesLastFetched) === today() ? 'live' : 'cached',
  );
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    if (readStorage(storageKeys.ratesLastFetched) === today()) return Promise.resolve();
    inFlight.current ??= apiGet<RatesResponse>('/rates/', { sessionFree: true })
      .then((answer) => {
        setRates({ ...fallbackRates, ...answer.rates });
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

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const setCurrency = useCallback((code: CurrencyCode) => {
    const next = currencies.find((entry) => entry.code === code);
    if (!next) return;
    writeStorage(storageKeys.currency, next.code);
    setCurrencyState(next);
  }, []);

  const value = useMemo<CurrencyState>(() => {
    const rate = rates[currency.code] ?? fallbackRates[currency.code] ?? 1;
    return {
      currency,
      setCurrency,
      rate,
      format: (amountJmd: unknown) => formatMoney(amountJmd, currency, rate),
      status,
      error,
      refresh,
    };
  }, [currency, rates, status, error, refresh, setCurrency]);

  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const state = useContext(CurrencyContext);
  if (!state) throw new Error('useCurrency must be used inside CurrencyProvider');
  return state;
}
