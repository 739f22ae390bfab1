/**
 * Turns what a shopper typed into the words to match: letters and digits only, lower-case,
 * accents folded, at most 8 words. Each word matches itself and longer words it starts.
 */
export function searchWords(input: string): string[] {
  const folded = input.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** FTS5 query: every word as a quoted prefix (quoting keeps FTS5 syntax out of shopper input). */
export const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(' AND ');

/** FTS5 query restricted to the name column. */
export const ftsNameQuery = (words: string[]) => `name : (${ftsQuery(words)})`;

/** PostgreSQL tsquery: every word as a prefix. */
export const tsQuery = (words: string[]) => words.map((word) => `${word}:*`).join(' & ');
