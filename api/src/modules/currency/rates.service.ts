import { z } from 'zod';
import { fallbackRates, type RatesResponse } from '@threadline/contracts';
import type { RatesRepository } from './rates.repository.ts';

const shopTimeZone = 'America/Jamaica';
const retryAfterFailureMs = 15 * 60 * 1000;
const providerTimeoutMs = 5000;

/** The provider answers latest rates with base EUR, as the public latest-rates services do. */
const providerAnswerSchema = z.object({
  rates: z.record(z.string(), z.number().positive()).refine((rates) => rates.JMD !== undefined, 'no JMD rate'),
});

// Built once: a formatter with a time zone costs far more to make than to use, and every checkout asks.
const shopDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Kingston, so "once a day" follows the shop's day. */
export const shopDay = (at: Date) => shopDayFormat.format(at);

/** EUR-based rates → JMD-based: 1 JMD in each currency the shop knows. */
export function ratesPerJmd(eurRates: Record<string, number>): Record<string, number> {
  const jmdPerEur = eurRates.JMD;
  if (!jmdPerEur) throw new Error('no JMD rate');
  const result: Record<string, number> = { JMD: 1 };
  for (const code of Object.keys(fallbackRates)) {
    if (code === 'JMD') continue;
    const perEur = code === 'EUR' ? 1 : eurRates[code];
    if (perEur !== undefined) result[code] = Number((perEur / jmdPerEur).toPrecision(6));
  }
  return result;
}

export interface RatesDependencies {
  repository: RatesRepository;
  ratesUrl: string | null;
  log: (message: string, error: unknown) => void;
  /** Tells every process that new rates are stored, once they are. */
  publish: () => Promise<void>;
}

/**
 * The day's rates, read on every checkout and every page in another currency: the stored row is
 * kept per process until a change is published (a new day's rates, from whichever process fetched them).
 */
export function createRatesService({ repository, ratesUrl, log, publish }: RatesDependencies) {
  let lastFailureAt = 0;
  let refreshing: Promise<void> | null = null;
  let stored: ReturnType<RatesRepository['latest']> | null = null;

  function latestStored() {
    if (!stored) {
      const loading = repository.latest();
      stored = loading;
      // A failed read is not kept: the next caller tries again.
      loading.catch(() => {
        if (stored === loading) stored = null;
      });
    }
    return stored;
  }

  async function fetchAndStore(day: string): Promise<void> {
    if (!ratesUrl) return;
    try {
      const response = await fetch(ratesUrl, { signal: AbortSignal.timeout(providerTimeoutMs) });
      if (!response.ok) throw new Error(`rates provider answered ${response.status}`);
      const answer = providerAnswerSchema.parse(await response.json());
      await repository.saveForDay(day, ratesPerJmd(answer.rates));
      stored = null;
      await publish();
    } catch (error) {
      lastFailureAt = Date.now();
      log('could not refresh exchange rates; serving the last known ones', error);
    }
  }

  return {
    /** Fetches today's rates unless they are stored, a fetch is running, or one failed minutes ago. */
    async refreshIfDue(now = new Date()): Promise<void> {
      if (!ratesUrl || Date.now() - lastFailureAt < retryAfterFailureMs) return;
      // The check belongs inside the one run: a caller that read the stored day while another
      // caller's fetch was finishing would otherwise fetch a second time.
      refreshing ??= (async () => {
        const today = shopDay(now);
        if ((await repository.latest())?.fetched_on !== today) await fetchAndStore(today);
      })().finally(() => {
        refreshing = null;
      });
      await refreshing;
    },

    /** Forgets the kept rates; the change listener calls it. */
    forget(): void {
      stored = null;
    },

    async current(now = new Date()): Promise<RatesResponse> {
      const latest = await latestStored();
      if (!latest) return { base: 'JMD', rates: { ...fallbackRates }, fetched_on: null, source: 'fallback' };
      return {
        base: 'JMD',
        rates: { ...fallbackRates, ...(JSON.parse(latest.rates) as Record<string, number>) },
        fetched_on: latest.fetched_on,
        source: latest.fetched_on === shopDay(now) ? 'live' : 'cached',
      };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
