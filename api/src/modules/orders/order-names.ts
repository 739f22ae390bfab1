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
