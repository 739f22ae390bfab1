/**
 * Rows in slices for statements that bind a value per column per row: SQLite refuses more than
 * 32,766 bound values in one statement and PostgreSQL more than 65,535, and an import names tens of
 * thousands of rows.
 */
export function* inBatches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
