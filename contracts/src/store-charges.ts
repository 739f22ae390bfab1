// What an order is charged besides its items, from the shop's settings. Apart from the settings'
// schema so that the checkout page, which prices with it, loads no zod.
import { majorToMinor } from './currencies.ts';
import { defaultReviewRequestDays } from './review-rules.ts';
import type { StoreSettings } from './admin-settings.ts';
import type { ShippingMethod } from './order-rules.ts';
import {
  defaultPickupPoints,
  defaultPublicHolidays,
  defaultShippingMethods,
  type PickupPoint,
  type ShippingMethodSettings,
} from './delivery-rules.ts';

/** The 14 parishes of Jamaica, in the order the island lists them (east to west, Kingston first). */
export const parishes = [
  'Kingston',
  'St. Andrew',
  'St. Thomas',
  'Portland',
  'St. Mary',
  'St. Ann',
  'Trelawny',
  'St. James',
  'Hanover',
  'Westmoreland',
  'St. Elizabeth',
  'Manchester',
  'Clarendon',
  'St. Catherine',
] as const;
export type Parish = (typeof parishes)[number];

/**
 * Until the owner saves settings: SPEC §9's charges and the details the shop opened with (SPEC §1's
 * address, hours and travel hints). The one copy of them: everything that shows them reads the settings.
 */
export const defaultStoreSettings: StoreSettings = {
  delivery_fees: Object.fromEntries(parishes.map((parish) => [parish, 10])) as StoreSettings['delivery_fees'],
  free_delivery_over: null,
  shipping_methods: defaultShippingMethods,
  pickup_points: defaultPickupPoints,
  public_holidays: defaultPublicHolidays,
  tax: { name: 'GCT', rate: 0, prices_include_tax: false, registration_number: null },
  store: {
    street: '24 King Street',
    city: 'Kingston',
    parish: 'Kingston',
    country: 'Jamaica',
    phone: '+1 (876) 555-0142',
    email: 'hello@threadline.shop',
    chat_number: '+1 (876) 555-0142',
    hours: [
      { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM' },
      { days: 'Saturday', hours: '10:00 AM-4:00 PM' },
      { days: 'Sunday', hours: 'Closed' },
    ],
    directions: 'In downtown Kingston, between Tower Street and Harbour Street, a short walk south of the Parade.',
    getting_here: ['Free street parking', 'Bus routes 72, 76 and 83', "5 minutes' walk from the downtown shopping district"],
    map_location: { latitude: 17.9656, longitude: -76.7927 },
  },
  // What the shop took before the owner chose (bank transfer needs the account's details first).
  payment_methods: ['stripe', 'cash_on_delivery'],
  bank_transfer: { bank: '', branch: '', account_name: '', account_number: '', account_type: '', currency: 'JMD' },
  bank_transfer_days: 3,
  review_request_days: defaultReviewRequestDays,
};

/** The shop's tax (KINGSTON.md §2): Jamaica's General Consumption Tax, GCT, unless the owner names another. */
export interface StoreTax {
  /** What pages, e-mails and the invoice call it ('GCT'). */
  name: string;
  /** Percent of the goods after discount, at most 2 decimals. */
  rate: number;
  /** True: shelf prices are what the shopper pays and hold the tax; false: the tax is added on top. */
  prices_include_tax: boolean;
  /** The shop's GCT registration (TRN); with one, the invoice is a tax invoice. */
  registration_number: string | null;
}

/** The settings an order's charges come from, as the wire has them (JMD major units, rate in %). */
export interface StoreCharges {
  delivery_fees: Record<Parish, number>;
  /** Delivery is free when the subtotal after discount reaches this amount; null: never free. */
  free_delivery_over: number | null;
  /** Each method's fee (delivery's is per parish) and lead time (KINGSTON.md §3). */
  shipping_methods: ShippingMethodSettings;
  tax: Pick<StoreTax, 'rate' | 'prices_include_tax'>;
}

/**
 * The methods a shopper may choose (KINGSTON.md §3): those with a fee set (delivery: switched on),
 * and Knutsford Express and the post office only while the list has a pickup point of theirs.
 */
export function offeredShippingMethods(settings: {
  shipping_methods: ShippingMethodSettings;
  pickup_points: readonly Pick<PickupPoint, 'kind'>[];
}): ShippingMethod[] {
  const { pickup, delivery, knutsford, post_office: postOffice } = settings.shipping_methods;
  const hasPoint = (kind: PickupPoint['kind']) => settings.pickup_points.some((point) => point.kind === kind);
  const offered: ShippingMethod[] = [];
  if (pickup.fee !== null) offered.push('pickup');
  if (delivery.offered) offered.push('delivery');
  if (knutsford.fee !== null && hasPoint('knutsford')) offered.push('knutsford');
  if (postOffice.fee !== null && hasPoint('post_office')) offered.push('post_office');
  return offered;
}

const parishKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^a-z0-9]/g, '');
const parishByKey = new Map<string, Parish>(parishes.map((parish) => [parishKey(parish), parish]));

/** The parish a typed name means ('st andrew', 'Saint Andrew', 'St.Andrew'), or null for none of the 14. */
export function parishNamed(name: string): Parish | null {
  return parishByKey.get(parishKey(name)) ?? null;
}

/**
 * Delivery in cents: free from the threshold on (compared with the subtotal after discount, what
 * the shopper pays for the goods); else the parish's fee; an address outside the 14 parishes (or
 * with none given) pays the highest fee, so no delivery is ever charged less than it costs.
 */
export function deliveryFeeMinor(charges: StoreCharges, parish: string, goodsMinor: number): number {
  if (charges.free_delivery_over !== null && goodsMinor >= majorToMinor(charges.free_delivery_over)) return 0;
  const named = parishNamed(parish);
  if (named) return majorToMinor(charges.delivery_fees[named]);
  return Math.max(...parishes.map((each) => majorToMinor(charges.delivery_fees[each])));
}

/** The method's fee in cents: delivery's by parish (free over the threshold), the others' as set (none set: nothing). */
export function shippingFeeMinor(charges: StoreCharges, method: ShippingMethod, parish: string, goodsMinor: number): number {
  if (method === 'delivery') return deliveryFeeMinor(charges, parish, goodsMinor);
  return majorToMinor(charges.shipping_methods[method].fee ?? 0);
}

/**
 * Tax in cents of goods costing `goodsMinor` after discount, rounded half-up to the cent once for the
 * whole order (integers only, no float drift): the rate of them when it is added on top; when the
 * prices hold it, the part of them it is, price × rate / (1 + rate).
 */
export function taxMinor(charges: StoreCharges, goodsMinor: number): number {
  const basisPoints = Math.round(charges.tax.rate * 100);
  if (!charges.tax.prices_include_tax) return Math.floor((goodsMinor * basisPoints + 5000) / 10000);
  const whole = 10000 + basisPoints;
  return Math.floor((2 * goodsMinor * basisPoints + whole) / (2 * whole));
}

/**
 * How a total's tax line reads: 'Includes GCT' when the prices held it (what follows is the part of
 * the total it is), else the tax's name (what follows was added).
 */
export const taxLabel = (name: string, pricesIncludeTax: boolean): string => (pricesIncludeTax ? `Includes ${name}` : name);

export interface OrderCharges {
  shipping: number;
  tax: number;
  total: number;
}

/**
 * Tax and the total before shipping, in cents, of goods costing `goodsMinor` after discount: what
 * the cart page charges (shipping is chosen at checkout), and what checkout adds shipping to.
 */
export function chargesBeforeShippingMinor(charges: StoreCharges, goodsMinor: number): Omit<OrderCharges, 'shipping'> {
  const tax = taxMinor(charges, goodsMinor);
  return { tax, total: charges.tax.prices_include_tax ? goodsMinor : goodsMinor + tax };
}

/** Shipping, tax and the total, in cents, of goods costing `goodsMinor` after discount. */
export function orderChargesMinor(charges: StoreCharges, method: ShippingMethod, parish: string, goodsMinor: number): OrderCharges {
  const shipping = shippingFeeMinor(charges, method, parish, goodsMinor);
  const { tax, total } = chargesBeforeShippingMinor(charges, goodsMinor);
  return { shipping, tax, total: total + shipping };
}

/** An order's amounts as a tax invoice lists them, in cents: each line, the subtotal and the discount. */
export interface InvoiceAmounts {
  lines: number[];
  subtotal: number;
  discount: number;
}

/**
 * The amounts a tax invoice lists, so that its lines less the discount, plus delivery and the tax,
 * are the total to the cent. Tax added on top: the amounts as charged. Tax held in the prices: each
 * without the tax it holds; the order's tax (rounded once) is shared between the goods and the
 * discount in proportion, and the goods' share between the lines by largest remainder, so the
 * rounding of no line shows in the sum.
 */
export function invoiceAmountsMinor(order: {
  lines: readonly number[];
  subtotal: number;
  discount: number;
  tax: number;
  pricesIncludeTax: boolean;
}): InvoiceAmounts {
  const { lines, subtotal, discount, tax } = order;
  if (!order.pricesIncludeTax || tax === 0 || subtotal === 0) return { lines: [...lines], subtotal, discount };
  const goods = subtotal - discount;
  const netSubtotal = subtotal - Math.round((tax * subtotal) / goods);
  const exact = lines.map((line) => (line * netSubtotal) / subtotal);
  const shared = exact.map(Math.floor);
  let left = netSubtotal - shared.reduce((sum, line) => sum + line, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shared[index] = (shared[index] ?? 0) + 1;
    left -= 1;
  }
  return { lines: shared, subtotal: netSubtotal, discount: netSubtotal - (goods - tax) };
}
