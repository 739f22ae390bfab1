import { z } from 'zod';
import { currencyCodes, type CurrencyCode } from './currencies.ts';

/**
 * Money on the server is integer minor units (cents) of JMD. On the wire it is a JMD amount in
 * major units with at most 2 decimals (SPEC §3 fields like `price`), so answers read like the
 * spec's; the client converts for display only.
 */
export const currencyCodeSchema = z.enum(currencyCodes) satisfies z.ZodType<CurrencyCode>;

/** A JMD amount on the wire: non-negative, 2 decimals at most. */
export const moneySchema = z.number();
