/** One field a change touched, as the audit page shows it. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlain = (value: unknown) => value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);

/** A value as a person reads it: text as it is, yes/no, a list of plain values joined by commas. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value) && value.every(isPlain)) return value.length === 0 ? '—' : value.map(shown).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldLabel(key)}: ${shown(inner)}`)
      .join('; ');
  }
  if (Array.isArray(value)) return value.map(shown).join(' | ');
  return String(value);
}

/** 'free_delivery_over' reads 'free delivery over'; names of places ('St. Andrew') stay as they are. */
const fieldLabel = (key: string) => key.replaceAll('_', ' ');

/**
 * The fields whose values differ between a record before and after a change. A group of fields (the
 * settings' delivery fees, the store's details) is opened to the fields in it that changed, named by
 * their path: 'delivery fees › St. Andrew: 10 → 12', never the group's raw JSON.
 */
export function fieldChanges(before: unknown, after: unknown, path: string[] = []): FieldChange[] {
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]))
    .flatMap((field) => {
      const inner = [...path, fieldLabel(field)];
      if (isRecord(was[field]) && isRecord(is[field])) return fieldChanges(was[field], is[field], inner);
      return [{ field: inner.join(' › '), before: shown(was[field]), after: shown(is[field]) }];
    });
}
