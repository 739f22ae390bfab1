import { z } from 'zod';
import { currencyCodes, type Currency } from './currencies.ts';

/**
 * Money on the server is integer minor units (cents) of JMD. On the wire it is a JMD amount in
 * major units with at most 2 decimals (SPEC §3 fields like `price`), so answers read like the
 * spec's; the client converts for display only.
 */
export const currencyCodeSchema = z.enum(currencyCodes);

export const currencySchema = z.object({
  code: currencyCodeSchema,
  label: z.string(),
  symbol: z.string(),
  flag: z.string(),
}) satisfies z.ZodType<Currency>;

/** A JMD amount on the wire: non-negative, 2 decimals at most. */
export const moneySchema = z.number();
