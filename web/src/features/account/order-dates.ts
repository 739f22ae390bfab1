/** An order's date as shoppers in Kingston write it, e.g. '5 March 2026'; the raw text if unreadable. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-JM', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/Jamaica' });
}
