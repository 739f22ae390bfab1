/**
 * A customer's name as the order list searches it: lower-cased, with single spaces and none at
 * either end, so what staff type and what the order keeps compare as plain text on both databases.
 */
export const nameKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The two keys an order keeps of its customer's name, each the start of an index (migration 0021):
 * 'first last' finds a first name, or a first name and the start of the last; 'last first' finds a
 * last name, or both typed last name first.
 */
export const orderNameKeys = (firstName: string, lastName: string) => ({
  name_first_last: nameKey(`${firstName} ${lastName}`),
  name_last_first: nameKey(`${lastName} ${firstName}`),
});

/**
 * An order number read from its end, letters and digits only, upper-cased: 'TL-261129-K7P2Q' is
 * 'Q2P7K921162LT', so the end of a number ('K7P2Q', '9-K7P2Q', '129K7P2Q') is the start of the key.
 */
export const numberTailKey = (orderNumber: string): string => [...orderNumber.toUpperCase().replace(/[^0-9A-Z]/g, '')].reverse().join('');

/** The end of an order number staff typed, as the start of `numberTailKey`; null for a term that cannot be one (under 4 letters and digits, or anything else in it). */
export function searchedTail(term: string): string | null {
  const typed = term.trim();
  if (!/^[0-9a-z-]+$/i.test(typed)) return null;
  const key = numberTailKey(typed);
  return key.length >= 4 ? key : null;
}
