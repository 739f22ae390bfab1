import { z } from 'zod';

export const ratesResponseSchema = z.object({
  base: z.literal('JMD'),
  /** 1 JMD in each currency. */
  rates: z.record(z.string(), z.number()),
  /** Calendar day in Kingston (YYYY-MM-DD) the rates were fetched; null for the fallback rates. */
  fetched_on: z.string().nullable(),
  /** live: fetched today; cached: an earlier day's (today's fetch failed); fallback: never fetched. */
  source: z.enum(['live', 'cached', 'fallback']),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;
