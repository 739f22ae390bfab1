import { z } from 'zod';
import { text } from './input-bounds.ts';
import { paymentMethods } from './order-rules.ts';
import { parishes, type StoreCharges, type StoreTax } from './store-charges.ts';

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
    latitude: z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90'),
    longitude: z
      .number({ error: 'Longitude must be a number' })
      .min(-180, 'Longitude is between -180 and 180')
      .max(180, 'Longitude is between -180 and 180'),
  }),
});
export type StoreContact = z.infer<typeof storeContactSchema>;

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

/** The owner's settings (BACKOFFICE.md settings): charges and the store's details, as GET and PUT carry them. */
export const storeSettingsSchema = z.object({
  delivery_fees: z.record(z.enum(parishes), amount(deliveryFeeMax, 'Delivery fee')),
  free_delivery_over: amount(freeDeliveryOverMax, 'Free delivery threshold').nullable(),
  tax: storeTaxSchema,
  store: storeContactSchema,
});
export type StoreSettings = z.infer<typeof storeSettingsSchema> & StoreCharges;

/** `GET /api/store/`: the settings, and the payment methods checkout offers (a card method only when its provider is configured, KINGSTON.md §1). */
export const storeAnswerSchema = storeSettingsSchema.extend({ payment_methods: z.array(z.enum(paymentMethods)) });
export type StoreAnswer = z.infer<typeof storeAnswerSchema> & StoreCharges;
