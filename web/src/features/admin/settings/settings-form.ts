import { parishes, storeSettingsSchema, type Parish, type StoreSettings } from '@threadline/contracts';

/** The settings as the form holds them: amounts as typed, so a half-typed "12." is kept as it is. */
export interface SettingsForm {
  fees: Record<Parish, string>;
  freeDeliveryOver: string;
  taxRate: string;
  store: StoreSettings['store'];
}

export const formOf = (settings: StoreSettings): SettingsForm => ({
  fees: Object.fromEntries(parishes.map((parish) => [parish, settings.delivery_fees[parish].toFixed(2)])) as Record<Parish, string>,
  freeDeliveryOver: settings.free_delivery_over === null ? '' : settings.free_delivery_over.toFixed(2),
  taxRate: String(settings.tax_rate),
  store: settings.store,
});

/** A typed amount as a number; blank or not a number is NaN, which the schema names. */
const amountOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replaceAll(',', '')));

/** Where each problem is, by the field's key ('fees.St. Andrew', 'taxRate', 'store.phone', 'store.hours.0.days'). */
export type SettingsErrors = Record<string, string>;

const formKey = (path: readonly PropertyKey[]): string => {
  const [head, ...rest] = path.map(String);
  if (head === 'delivery_fees') return `fees.${rest.join('.')}`;
  if (head === 'free_delivery_over') return 'freeDeliveryOver';
  if (head === 'tax_rate') return 'taxRate';
  return [head, ...rest].join('.');
};

/** The settings to send, or the problems to show beside the fields, checked by the schema the server checks with. */
export function settingsOf(form: SettingsForm): { settings: StoreSettings } | { errors: SettingsErrors } {
  const parsed = storeSettingsSchema.safeParse({
    delivery_fees: Object.fromEntries(parishes.map((parish) => [parish, amountOf(form.fees[parish])])),
    free_delivery_over: form.freeDeliveryOver.trim() === '' ? null : amountOf(form.freeDeliveryOver),
    tax_rate: amountOf(form.taxRate),
    store: form.store,
  });
  if (parsed.success) return { settings: parsed.data };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const key = formKey(issue.path);
    errors[key] ??= issue.message;
  }
  return { errors };
}
