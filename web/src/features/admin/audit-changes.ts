/** One field a change touched, as the audit page shows it. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The fields whose values differ between a record before and after a change. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was = typeof before === 'object' && before !== null ? (before as Record<string, unknown>) : {};
  const is = typeof after === 'object' && after !== null ? (after as Record<string, unknown>) : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]))
    .map((field) => ({ field, before: shown(was[field]), after: shown(is[field]) }));
}
