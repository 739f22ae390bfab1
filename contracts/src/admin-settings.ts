import { z } from 'zod';
import { text } from './input-bounds.ts';
import { currencyCodeSchema } from './money.ts';
import { paymentMethods, pickupPointKinds, shippingMethods } from './order-rules.ts';
import { parishes, type StoreCharges, type StoreTax } from './store-charges.ts';
import {
  defaultPickupPoints,
  defaultPublicHolidays,
  defaultShippingMethods,
  type PickupPoint,
  type PublicHoliday,
  type ShippingMethodSettings,
} from './delivery-rules.ts';
import { defaultReviewRequestDays, maxReviewRequestDays } from './review-rules.ts';

/** An amount of at most 2 decimals: what a fee or threshold in cents can hold. */
const inCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const amount = (max: number, name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} is at most ${max.toLocaleString('en-US')}`)
    .refine(inCents, `${name} has at most 2 decimals`);

export const deliveryFeeMax = 100_000;
export const freeDeliveryOverMax = 1_000_000;

const requiredText = (max: number, name: string) => text(max).trim().min(1, `${name} is required`);

export const storeContactSchema = z.object({
  street: requiredText(200, 'Street'),
  city: requiredText(100, 'City'),
  parish: requiredText(100, 'Parish'),
  country: requiredText(100, 'Country'),
  phone: requiredText(40, 'Phone').regex(/^\+?[\d\s().-]{7,}$/, 'Phone must be a phone number'),
  email: z.email('E-mail must be an e-mail address').max(254),
  chat_number: requiredText(40, 'Chat number').regex(/^\+?[\d\s().-]{7,}$/, 'Chat number must be a phone number'),
  hours: z
    .array(z.object({ days: requiredText(40, 'Days'), hours: requiredText(60, 'Hours') }))
    .min(1, 'Give the opening hours of at least one day')
    .max(7, 'At most 7 lines of opening hours'),
  /** Where the store is, in words a shopper finds it by (the contact page and its map); may be blank. */
  directions: text(300).trim(),
  /** The contact page's "Getting Here" hints: parking, buses, walks. */
  getting_here: z.array(requiredText(120, 'A getting-here hint')).max(6, 'At most 6 getting-here hints'),
  /** The store's point on the map: where the contact page's map links and directions lead. */
  map_location: z.object({
    latitude: z
      .number({ error: 'Latitude must be a number' })
      .min(-90, 'Latitude is between -90 and 90')
      .max(90, 'Latitude is between -90 and 90'),
    longitude: z
      .number({ error: 'Longitude must be a number' })
      .min(-180, 'Longitude is between -180 and 180')
      .max(180, 'Longitude is between -180 and 180'),
  }),
});
export type StoreContact = z.infer<typeof storeContactSchema>;

/** KINGSTON.md §1: the account a bank transfer is paid into, as the confirmation page and e-mail show it. */
export const bankTransferSchema = z.object({
  bank: text(100).trim(),
  branch: text(100).trim(),
  account_name: text(100).trim(),
  account_number: text(40).trim(),
  account_type: text(40).trim(),
  currency: currencyCodeSchema,
});
export type BankTransferDetails = z.infer<typeof bankTransferSchema>;
export const bankTransferDaysMax = 30;

export const taxNameMaxLength = 20;
export const registrationNumberMaxLength = 40;

/** The shop's tax (KINGSTON.md §2); a blank registration number is saved as none (settings service). */
export const storeTaxSchema = z.object({
  name: requiredText(taxNameMaxLength, 'Tax name'),
  rate: z
    .number({ error: 'Tax rate must be a number' })
    .min(0, 'Tax rate cannot be negative')
    .max(100, 'Tax rate is at most 100 %')
    .refine(inCents, 'Tax rate has at most 2 decimals'),
  prices_include_tax: z.boolean({ error: 'Say whether prices include the tax (true or false)' }),
  registration_number: text(registrationNumberMaxLength).trim().nullable().default(null),
}) satisfies z.ZodType<StoreTax>;

export const leadDaysMax = 30;
export const pickupPointsMax = 200;
export const publicHolidaysMax = 100;

const leadDays = (method: string) =>
  z
    .number({ error: `Lead time of ${method} must be a number` })
    .int(`Lead time of ${method} is a whole number of business days`)
    .min(0, `Lead time of ${method} cannot be negative`)
    .max(leadDaysMax, `Lead time of ${method} is at most ${leadDaysMax} business days`);
const methodTerms = (method: string) =>
  z.object({ fee: amount(deliveryFeeMax, `Fee of ${method}`).nullable(), lead_days: leadDays(method) });

/** KINGSTON.md §3: each method's fee (null: not offered) and lead time; delivery's fee is per parish. */
export const shippingMethodSettingsSchema = z.object({
  pickup: methodTerms('store pickup'),
  delivery: z.object({ offered: z.boolean({ error: 'Say whether delivery is offered (true or false)' }), lead_days: leadDays('delivery') }),
  knutsford: methodTerms('Knutsford Express'),
  post_office: methodTerms('post office'),
}) satisfies z.ZodType<ShippingMethodSettings>;

export const pickupPointSchema = z.object({
  code: text(40)
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'A pickup point code is 2 to 40 lower-case letters, digits and hyphens'),
  name: requiredText(100, 'Pickup point name'),
  kind: z.enum(pickupPointKinds, { error: 'A pickup point is a knutsford or a post_office' }),
  parish: z.enum(parishes, { error: 'A pickup point is in one of the 14 parishes' }),
}) satisfies z.ZodType<PickupPoint>;

const isoDate = (name: string) =>
  text(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} is a date (YYYY-MM-DD)`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${name} is a date (YYYY-MM-DD)`,
    );

export const publicHolidaySchema = z.object({
  date: isoDate('A holiday'),
  name: requiredText(60, 'Holiday name'),
}) satisfies z.ZodType<PublicHoliday>;

const storeSettingsFields = z.object({
  delivery_fees: z.record(z.enum(parishes), amount(deliveryFeeMax, 'Delivery fee')),
  free_delivery_over: amount(freeDeliveryOverMax, 'Free delivery threshold').nullable(),
  /** Saves that leave the delivery settings out (a client of before them) set the defaults. */
  shipping_methods: shippingMethodSettingsSchema.default(defaultShippingMethods),
  /** The Knutsford Express branches and post offices a parcel may be sent to, each code once. */
  pickup_points: z
    .array(pickupPointSchema)
    .max(pickupPointsMax, `At most ${pickupPointsMax} pickup points`)
    .refine((points) => new Set(points.map((point) => point.code)).size === points.length, 'Each pickup point code once')
    .default(defaultPickupPoints),
  /** The days no order travels besides Sundays (promised dates skip them), each date once. */
  public_holidays: z
    .array(publicHolidaySchema)
    .max(publicHolidaysMax, `At most ${publicHolidaysMax} public holidays`)
    .refine((days) => new Set(days.map((day) => day.date)).size === days.length, 'Each holiday date once')
    .default(defaultPublicHolidays),
  tax: storeTaxSchema,
  store: storeContactSchema,
  /**
   * The payment methods the owner offers (KINGSTON.md §1); `GET /api/store/` lists those of them the
   * shop can take now (a card method only once it is configured).
   */
  payment_methods: z
    .array(z.enum(paymentMethods))
    .min(1, 'Offer at least one payment method')
    .max(paymentMethods.length)
    .refine((methods) => new Set(methods).size === methods.length, 'Each payment method once'),
  bank_transfer: bankTransferSchema,
  /** Days an unpaid bank transfer holds its stock before it is cancelled (reminded once after one). */
  bank_transfer_days: z
    .number({ error: 'Days to pay a bank transfer must be a number' })
    .int('Days to pay a bank transfer is a whole number')
    .min(1, 'Days to pay a bank transfer is at least 1')
    .max(bankTransferDaysMax, `Days to pay a bank transfer is at most ${bankTransferDaysMax}`),
  /** Days after delivery a buyer is e-mailed to review what they bought (KINGSTON.md §6); a save that leaves it out (a client of before it) sets the default. */
  review_request_days: z
    .number({ error: 'Review request days must be a number' })
    .int('Review request days must be a whole number')
    .min(1, 'Review request days is at least 1')
    .max(maxReviewRequestDays, `Review request days is at most ${maxReviewRequestDays}`)
    .default(defaultReviewRequestDays),
});

/** The owner's settings (BACKOFFICE.md settings): charges and the store's details, as GET and PUT carry them. */
export const storeSettingsSchema = storeSettingsFields.superRefine((settings, context) => {
  if (!settings.payment_methods.includes('bank_transfer')) return;
  // A shopper who chose a transfer must be told where to send it.
  const required = { bank: 'Bank', account_name: 'Account name', account_number: 'Account number' } as const;
  for (const [field, name] of Object.entries(required) as [keyof typeof required, string][]) {
    if (settings.bank_transfer[field] === '')
      context.addIssue({ code: 'custom', path: ['bank_transfer', field], message: `${name} is required to offer bank transfer` });
  }
});
export type StoreSettings = z.infer<typeof storeSettingsSchema> & StoreCharges;

/**
 * GET /api/store/: the settings a storefront shows, with `payment_methods` the ones the shop takes
 * now (the owner's choice, a card method only once configured): possibly none.
 */
export const storeAnswerSchema = storeSettingsFields.extend({
  payment_methods: z.array(z.enum(paymentMethods)),
  /** The shipping methods a shopper may choose now (KINGSTON.md §3). */
  shipping_methods_offered: z.array(z.enum(shippingMethods)),
});
export type StoreAnswer = z.infer<typeof storeAnswerSchema> & StoreCharges;
