import { z } from 'zod';
import { serverMessages } from './server-messages.ts';

/**
 * Bounds every request field is checked against before it reaches the database, the same on SQLite
 * and PostgreSQL: PostgreSQL refuses what SQLite stores (an integer past 2^31 - 1, text longer than
 * its column, a NUL character), and a refusal there is a 500 instead of the caller's 400.
 */

/** The largest value of an `integer` column: ids, quantities, amounts in cents. */
const maxDatabaseInteger = 2_147_483_647;
/** Units of one variant a single cart call may name. */
const maxQuantity = 100_000;
/** Pages of a listing a caller may ask for (12 products a page). */
const maxPage = 100_000;
/** The largest JMD amount (major units) a filter may name: the largest amount in cents a column holds. */
const maxMoneyAmount = maxDatabaseInteger / 100;

/** Text of at most `max` characters (the column's length) with no NUL, which PostgreSQL text cannot hold. */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), serverMessages.textHasNul);

/** Decimal digits (a minus and a fraction allowed): how a path, a query string or a form's text carries a number. */
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/, { error: serverMessages.numberExpected });

/**
 * A number as a caller sends it, a JSON number or its decimal digits in text, then checked by
 * `bounds`. Anything else is refused: `z.coerce.number()` alone read `true` as 1, and `false`,
 * `null`, `''` and `[]` as 0 (issue 27).
 */
export const sentNumber = (bounds: z.ZodNumber) =>
  z.union([z.number(), decimalText], { error: serverMessages.numberExpected }).transform(Number).pipe(bounds);

/** A row id as the caller sends it (number or digits), within the databases' integer range. */
export const databaseId = sentNumber(z.number().int().min(1).max(maxDatabaseInteger));
export const idParamsSchema = z.object({ id: databaseId });
export type IdParams = z.infer<typeof idParamsSchema>;

/** A quantity sent to the cart; 0 and below are the service's to answer (SPEC §4: 0 or less removes). */
export const quantity = sentNumber(z.number().int().min(-maxQuantity).max(maxQuantity));

export const pageNumber = sentNumber(z.number().int().min(1).max(maxPage));

/** A JMD amount in major units a caller filters by: finite, not negative, within what a column holds. */
export const moneyAmount = sentNumber(z.number().min(0).max(maxMoneyAmount));
