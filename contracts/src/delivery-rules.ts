// How an order reaches its customer (KINGSTON.md §3): the methods' words, the pickup points and
// holidays the shop opened with, and the date an order is promised by. Schema-free, so checkout,
// which shows the promise, loads no zod.
import { isFinished, type PickupPointKind, type ShippingMethod } from './order-rules.ts';
import type { Parish } from './store-charges.ts';

/** Each method in the shop's words (customers and staff alike). */
export const shippingMethodWords: Record<ShippingMethod, string> = {
  pickup: 'Store pickup',
  delivery: 'Delivery',
  knutsford: 'Knutsford Express',
  post_office: 'Post office',
};

/** A Knutsford Express branch or a post office a parcel waits at, as `GET /api/store/` lists it. */
export interface PickupPoint {
  /** Short and stable (`ke-montego-bay`): what the order keeps. */
  code: string;
  name: string;
  kind: PickupPointKind;
  parish: Parish;
}

/** A method's terms: its fee in JMD (null: not offered) and how many business days it takes. */
export interface ShippingMethodTerms {
  fee: number | null;
  lead_days: number;
}
/** Delivery's fee is per parish (`delivery_fees`); the owner only switches it on or off. */
export interface DeliveryTerms {
  offered: boolean;
  lead_days: number;
}
export interface ShippingMethodSettings {
  pickup: ShippingMethodTerms;
  delivery: DeliveryTerms;
  knutsford: ShippingMethodTerms;
  post_office: ShippingMethodTerms;
}

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  name: string;
}

export const defaultShippingMethods: ShippingMethodSettings = {
  pickup: { fee: 0, lead_days: 1 },
  delivery: { offered: true, lead_days: 2 },
  knutsford: { fee: 900, lead_days: 3 },
  post_office: { fee: 600, lead_days: 5 },
};

/** Knutsford Express branches and a few post offices, by parish: the demo shop's list until the owner edits it. */
export const defaultPickupPoints: PickupPoint[] = [
  { code: 'ke-new-kingston', name: 'Knutsford Express, New Kingston', kind: 'knutsford', parish: 'St. Andrew' },
  { code: 'ke-portmore', name: 'Knutsford Express, Portmore', kind: 'knutsford', parish: 'St. Catherine' },
  { code: 'ke-spanish-town', name: 'Knutsford Express, Spanish Town', kind: 'knutsford', parish: 'St. Catherine' },
  { code: 'ke-may-pen', name: 'Knutsford Express, May Pen', kind: 'knutsford', parish: 'Clarendon' },
  { code: 'ke-mandeville', name: 'Knutsford Express, Mandeville', kind: 'knutsford', parish: 'Manchester' },
  { code: 'ke-santa-cruz', name: 'Knutsford Express, Santa Cruz', kind: 'knutsford', parish: 'St. Elizabeth' },
  { code: 'ke-ocho-rios', name: 'Knutsford Express, Ocho Rios', kind: 'knutsford', parish: 'St. Ann' },
  { code: 'ke-falmouth', name: 'Knutsford Express, Falmouth', kind: 'knutsford', parish: 'Trelawny' },
  { code: 'ke-montego-bay', name: 'Knutsford Express, Montego Bay', kind: 'knutsford', parish: 'St. James' },
  { code: 'ke-negril', name: 'Knutsford Express, Negril', kind: 'knutsford', parish: 'Westmoreland' },
  { code: 'ke-savanna-la-mar', name: 'Knutsford Express, Savanna-la-Mar', kind: 'knutsford', parish: 'Westmoreland' },
  { code: 'ke-port-antonio', name: 'Knutsford Express, Port Antonio', kind: 'knutsford', parish: 'Portland' },
  { code: 'po-kingston', name: 'Kingston Post Office, King Street', kind: 'post_office', parish: 'Kingston' },
  { code: 'po-half-way-tree', name: 'Half Way Tree Post Office', kind: 'post_office', parish: 'St. Andrew' },
  { code: 'po-morant-bay', name: 'Morant Bay Post Office', kind: 'post_office', parish: 'St. Thomas' },
  { code: 'po-port-maria', name: 'Port Maria Post Office', kind: 'post_office', parish: 'St. Mary' },
  { code: 'po-browns-town', name: "Brown's Town Post Office", kind: 'post_office', parish: 'St. Ann' },
  { code: 'po-lucea', name: 'Lucea Post Office', kind: 'post_office', parish: 'Hanover' },
  { code: 'po-black-river', name: 'Black River Post Office', kind: 'post_office', parish: 'St. Elizabeth' },
  { code: 'po-christiana', name: 'Christiana Post Office', kind: 'post_office', parish: 'Manchester' },
];

/**
 * Jamaica's public holidays of 2026 and 2027. A holiday falling on a Sunday is kept on the Monday
 * after; Labour Day is kept on the Monday when 23 May is a Saturday too. A Saturday holiday stays.
 */
export const defaultPublicHolidays: PublicHoliday[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-02-18', name: 'Ash Wednesday' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-06', name: 'Easter Monday' },
  { date: '2026-05-25', name: 'Labour Day (observed)' },
  { date: '2026-08-01', name: 'Emancipation Day' },
  { date: '2026-08-06', name: 'Independence Day' },
  { date: '2026-10-19', name: 'National Heroes Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-12-26', name: 'Boxing Day' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-02-10', name: 'Ash Wednesday' },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-03-29', name: 'Easter Monday' },
  { date: '2027-05-24', name: 'Labour Day (observed)' },
  { date: '2027-08-02', name: 'Emancipation Day (observed)' },
  { date: '2027-08-06', name: 'Independence Day' },
  { date: '2027-10-18', name: 'National Heroes Day' },
  { date: '2027-12-25', name: 'Christmas Day' },
  { date: '2027-12-27', name: 'Boxing Day (observed)' },
];

const jamaicaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica', year: 'numeric', month: '2-digit', day: '2-digit' });
/** The date in Jamaica (UTC−5 all year) at an instant, as YYYY-MM-DD. */
export const jamaicaDate = (at: Date): string => jamaicaDay.format(at);

const dayMs = 86_400_000;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;

/** Whether the shop works that day: not a Sunday, not a public holiday. */
export const isBusinessDay = (date: string, holidays: readonly string[]) => !isSunday(date) && !holidays.includes(date);

/**
 * The date an order placed at `placedAt` is promised by: `leadDays` business days after the day it
 * was placed (Jamaica's date), Sundays and the holidays not counted; with no lead time, the first
 * business day from the day it was placed.
 */
export function promisedBy(placedAt: Date, leadDays: number, holidays: readonly string[]): string {
  let date = jamaicaDate(placedAt);
  if (leadDays <= 0) {
    while (!isBusinessDay(date, holidays)) date = nextDay(date);
    return date;
  }
  for (let counted = 0; counted < leadDays; ) {
    date = nextDay(date);
    if (isBusinessDay(date, holidays)) counted += 1;
  }
  return date;
}

const readableDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A promised date as pages and e-mails write it: "Expected by Tuesday, December 1, 2026". */
export const expectedByText = (date: string) => `Expected by ${readableDate.format(new Date(`${date}T12:00:00Z`))}`;

/** What an order not yet delivered or cancelled says of its promised date; null once it has arrived or never will. */
export const expectedByOf = (order: { promised_by: string | null; status: string }): string | null =>
  order.promised_by !== null && !isFinished(order.status) ? expectedByText(order.promised_by) : null;

/** Whether an order is late: past its promised date (Jamaica's today) and neither delivered nor cancelled. */
export const isLate = (order: { promised_by: string | null; status: string }, today: string) =>
  order.promised_by !== null && order.promised_by < today && !isFinished(order.status);

/** How a pickup point reads on pages and e-mails: "Knutsford Express, Montego Bay (St. James)". */
export const pickupPointText = (point: Pick<PickupPoint, 'name' | 'parish'>) => `${point.name} (${point.parish})`;

/** An order's pickup point in words, from the owner's list; a point since taken off the list by its code. */
export const pickupPointNamed = (code: string | null, points: readonly PickupPoint[]) => {
  const point = points.find((each) => each.code === code);
  return point ? pickupPointText(point) : (code ?? '');
};
