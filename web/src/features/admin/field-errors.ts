import { ApiError } from '@/lib/api-client.ts';

/** What a failed save says: per field (by the server's path, e.g. `price`, `variants.1.sku`), and the rest. */
export interface SaveErrors {
  fields: Record<string, string>;
  general: string | null;
}

const fieldFirst = /^([a-z_]+(?:\.\d+(?:\.[a-z_]+)?)?): (.+)$/s;

/**
 * Splits a refusal into the field it names and its message: the API answers a field's problem as
 * `{error: "field: message"}` (validation and rules alike), anything else is for the whole form.
 */
export function saveErrorsOf(error: unknown, knownFields: readonly string[]): SaveErrors {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'Could not save. Please try again.' };
  if (error.status === 0) return { fields: {}, general: 'Could not reach the shop. Check your connection.' };
  // A refusal naming several fields: each beside its own field, at once.
  const named = Object.entries(error.fields).filter(([field]) => knownFields.includes(field.split('.')[0] ?? ''));
  if (named.length > 1) return { fields: Object.fromEntries(named), general: null };
  const match = fieldFirst.exec(error.message);
  const [, field = '', message = ''] = match ?? [];
  const root = field.split('.')[0] ?? '';
  if (match && knownFields.includes(root)) return { fields: { [field]: message }, general: null };
  return { fields: {}, general: error.message };
}
