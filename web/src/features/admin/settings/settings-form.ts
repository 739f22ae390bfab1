import {
  moneyAmountOf,
  moneyTextMessage,
  parishes,
  storeSettingsSchema,
  type BankTransferDetails,
  type Parish,
  type PaymentMethod,
  type PickupPoint,
  type PublicHoliday,
  type StoreSettings,
} from '@threadline/contracts';

type StoreContact = StoreSettings['store'];

/**
 * The settings as the form holds them: amounts and the map point as typed, so a half-typed "12." is
 * kept as it is; the getting-here hints as one text, a hint a line.
 */
export interface SettingsForm {
  fees: Record<Parish, string>;
  freeDeliveryOver: string;
  tax: { name: string; rate: string; pricesIncludeTax: boolean; registrationNumber: string };
  store: Omit<StoreContact, 'getting_here' | 'map_location'>;
  gettingHere: string;
  latitude: string;
  longitude: string;
  paymentMethods: PaymentMethod[];
  bankTransfer: BankTransferDetails;
  bankTransferDays: string;
  reviewRequestDays: string;
  /** Each method as typed: whether it is offered, its fee (delivery's is per parish) and its lead time in business days. */
  methods: {
    pickup: MethodForm;
    delivery: { offered: boolean; leadDays: string };
    knutsford: MethodForm;
    post_office: MethodForm;
  };
  /** A point being added has no parish until one is chosen. */
  pickupPoints: PickupPointForm[];
  holidays: PublicHoliday[];
}

export type PickupPointForm = Omit<PickupPoint, 'parish'> & { parish: Parish | '' };

/** A method with a fee of its own: unticked, it is not offered (fee null) and the typed fee is kept for a tick back. */
export interface MethodForm {
  offered: boolean;
  fee: string;
  leadDays: string;
}

export type FeeMethod = 'pickup' | 'knutsford' | 'post_office';
const feeMethods: FeeMethod[] = ['pickup', 'knutsford', 'post_office'];

const methodFormOf = (terms: { fee: number | null; lead_days: number }): MethodForm => ({
  offered: terms.fee !== null,
  fee: terms.fee === null ? '' : terms.fee.toFixed(2),
  leadDays: String(terms.lead_days),
});

export const formOf = (settings: StoreSettings): SettingsForm => {
  const { getting_here: gettingHere, map_location: point, ...store } = settings.store;
  return {
    fees: Object.fromEntries(parishes.map((parish) => [parish, settings.delivery_fees[parish].toFixed(2)])) as Record<Parish, string>,
    freeDeliveryOver: settings.free_delivery_over === null ? '' : settings.free_delivery_over.toFixed(2),
    tax: {
      name: settings.tax.name,
      rate: String(settings.tax.rate),
      pricesIncludeTax: settings.tax.prices_include_tax,
      registrationNumber: settings.tax.registration_number ?? '',
    },
    store,
    gettingHere: gettingHere.join('\n'),
    latitude: String(point.latitude),
    longitude: String(point.longitude),
    paymentMethods: settings.payment_methods,
    bankTransfer: settings.bank_transfer,
    bankTransferDays: String(settings.bank_transfer_days),
    reviewRequestDays: String(settings.review_request_days),
    methods: {
      pickup: methodFormOf(settings.shipping_methods.pickup),
      delivery: { offered: settings.shipping_methods.delivery.offered, leadDays: String(settings.shipping_methods.delivery.lead_days) },
      knutsford: methodFormOf(settings.shipping_methods.knutsford),
      post_office: methodFormOf(settings.shipping_methods.post_office),
    },
    pickupPoints: settings.pickup_points,
    holidays: settings.public_holidays,
  };
};

/** A typed number (tax rate, map point); blank or not a number is NaN, which the schema names. */
const amountOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replaceAll(',', '')));

/**
 * A typed amount of money, read as the catalogue import reads its cells ('1,500', 'J$1500'); NaN
 * when it is none. A minus sign is kept, so the schema says that a fee cannot be negative.
 */
const moneyOf = (typed: string) => {
  const text = typed.trim();
  const amount = moneyAmountOf(text.replace(/^-/, ''));
  if (amount === null) return Number.NaN;
  return text.startsWith('-') ? -amount : amount;
};

/** Where each problem is, by the field's key ('fees.St. Andrew', 'tax.rate', 'store.phone', 'store.hours.0.days', 'methods.knutsford.fee', 'pickupPoints.2.code'). */
export type SettingsErrors = Record<string, string>;

/** The form's key of a field the schema (here or on the server) names by its path. */
export const formKey = (path: readonly PropertyKey[]): string => {
  const [head, ...rest] = path.map(String);
  if (head === 'shipping_methods') return `methods.${rest[0] ?? 'pickup'}.${rest[1] === 'lead_days' ? 'leadDays' : 'fee'}`;
  if (head === 'pickup_points') return ['pickupPoints', ...rest].join('.');
  if (head === 'public_holidays') return ['holidays', ...rest].join('.');
  if (head === 'delivery_fees') return `fees.${rest.join('.')}`;
  if (head === 'free_delivery_over') return 'freeDeliveryOver';
  if (head === 'tax' && rest[0] === 'registration_number') return 'tax.registrationNumber';
  if (head === 'payment_methods') return 'paymentMethods';
  if (head === 'bank_transfer') return `bankTransfer.${rest[0] ?? 'bank'}`;
  if (head === 'bank_transfer_days') return 'bankTransferDays';
  if (head === 'review_request_days') return 'reviewRequestDays';
  if (head === 'store' && rest[0] === 'getting_here') return 'gettingHere';
  if (head === 'store' && rest[0] === 'map_location') return rest[1] ?? 'latitude';
  return [head, ...rest].join('.');
};

/** The settings to send, or the problems to show beside the fields, checked by the schema the server checks with. */
export function settingsOf(form: SettingsForm): { settings: StoreSettings } | { errors: SettingsErrors } {
  const parsed = storeSettingsSchema.safeParse({
    delivery_fees: Object.fromEntries(parishes.map((parish) => [parish, moneyOf(form.fees[parish])])),
    free_delivery_over: form.freeDeliveryOver.trim() === '' ? null : moneyOf(form.freeDeliveryOver),
    tax: {
      name: form.tax.name,
      rate: amountOf(form.tax.rate),
      prices_include_tax: form.tax.pricesIncludeTax,
      // Blank: none, and the invoice is not a tax invoice.
      registration_number: form.tax.registrationNumber.trim() || null,
    },
    store: {
      ...form.store,
      getting_here: form.gettingHere
        .split('\n')
        .map((hint) => hint.trim())
        .filter(Boolean),
      map_location: { latitude: amountOf(form.latitude), longitude: amountOf(form.longitude) },
    },
    payment_methods: form.paymentMethods,
    bank_transfer: form.bankTransfer,
    bank_transfer_days: amountOf(form.bankTransferDays),
    review_request_days: amountOf(form.reviewRequestDays),
    shipping_methods: {
      ...Object.fromEntries(
        feeMethods.map((method) => {
          const terms = form.methods[method];
          return [method, { fee: terms.offered ? moneyOf(terms.fee) : null, lead_days: amountOf(terms.leadDays) }];
        }),
      ),
      delivery: { offered: form.methods.delivery.offered, lead_days: amountOf(form.methods.delivery.leadDays) },
    },
    pickup_points: form.pickupPoints,
    public_holidays: form.holidays,
  });
  if (parsed.success) return { settings: parsed.data };
  const errors: SettingsErrors = {};
  // Money typed as nothing the shop reads as an amount says so, whatever the schema made of it.
  for (const parish of parishes) {
    if (Number.isNaN(moneyOf(form.fees[parish]))) errors[`fees.${parish}`] = moneyTextMessage;
  }
  if (form.freeDeliveryOver.trim() !== '' && Number.isNaN(moneyOf(form.freeDeliveryOver))) errors.freeDeliveryOver = moneyTextMessage;
  for (const method of feeMethods) {
    if (form.methods[method].offered && Number.isNaN(moneyOf(form.methods[method].fee))) errors[`methods.${method}.fee`] = moneyTextMessage;
  }
  for (const issue of parsed.error.issues) {
    const key = formKey(issue.path);
    errors[key] ??= issue.message;
  }
  return { errors };
}

const settingsKeys = new Set<string>(Object.keys(storeSettingsSchema.shape));

/**
 * A refusal of the server's (400 `{error: "pickup_points.3.code: …", fields?}`) as problems beside the
 * fields it names; none when it names no field of the settings (then the page shows it as it is).
 */
export function serverErrorsOf(refusal: { message: string; fields: Record<string, string> }): SettingsErrors {
  const named: [string, string][] = Object.entries(refusal.fields);
  const split = refusal.message.indexOf(': ');
  if (split > 0) named.push([refusal.message.slice(0, split), refusal.message.slice(split + 2)]);
  const errors: SettingsErrors = {};
  for (const [path, message] of named) {
    const parts = path.split('.');
    if (!settingsKeys.has(parts[0] ?? '')) continue;
    // A parish's name holds a dot ("St. Andrew"): the rest of a delivery fee's path is the parish.
    const key = parts[0] === 'delivery_fees' ? formKey(['delivery_fees', parts.slice(1).join('.')]) : formKey(parts);
    errors[key] ??= message;
  }
  return errors;
}
