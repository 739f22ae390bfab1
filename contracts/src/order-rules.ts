// The order's constants, apart from its schemas so that a page using them loads no zod.
import { serverMessages } from './server-messages.ts';

export const orderStatuses = ['pending', 'processing', 'ready_for_pickup', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** BACKOFFICE.md "Order rules": where a shipment may move; nothing else is allowed. */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  ready_for_pickup: [],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};
/** KINGSTON.md §3: an order the customer collects moves pending → processing → ready_for_pickup → delivered. */
const collectedTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['ready_for_pickup', 'cancelled'],
  ready_for_pickup: ['delivered'],
  shipped: [],
  delivered: [],
  cancelled: [],
};

/** Where an order ends: delivered (or collected) or cancelled. Every other status is still open. */
export const finishedOrderStatuses = ['delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export const isFinished = (status: string) => (finishedOrderStatuses as readonly string[]).includes(status);

/** Each status in the shop's words, for customers and staff alike. */
export const orderStatusWords: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * Whether the customer collects the order (no shipment, no tracking number): at the shop (pickup), at
 * a Knutsford Express branch or at a post office (KINGSTON.md §3).
 */
export const isCollected = (shippingMethod: ShippingMethod) => shippingMethod !== 'delivery';

/** Where an order may move now: a collected order is made ready for pickup, a shipment is shipped. */
export const nextOrderStatuses = (status: OrderStatus, shippingMethod: ShippingMethod): readonly OrderStatus[] =>
  (isCollected(shippingMethod) ? collectedTransitions : orderTransitions)[status];

/** Where an order's `source` says it came from: the storefront, staff taking it (KINGSTON.md §4), or a return's exchange (§7). */
export const orderSources = ['storefront', 'staff', 'exchange'] as const;
export type OrderSource = (typeof orderSources)[number];

/** An order's payment: REFUNDED and PARTIALLY_REFUNDED once staff gave back all or part of what was paid. */
export const paymentStatuses = ['PENDING', 'COMPLETED', 'FAILED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What the customer's pages and the back office call each payment status. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Paid',
  FAILED: 'Failed',
  PARTIALLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
};

/** The payment statuses of an order that was paid (and may since have been given back, in part or whole). */
export const paidPaymentStatuses: readonly PaymentStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
export const wasPaid = (status: PaymentStatus) => paidPaymentStatuses.includes(status);

/**
 * Where an order's payment stands, the six cases every page, e-mail and list tells apart: waiting
 * for payment, paid, a card payment that failed, partly or wholly given back, and void (an order
 * cancelled before it was paid: nothing is due).
 */
export type PaymentState = 'due' | 'paid' | 'failed' | 'partly_refunded' | 'refunded' | 'void';
export function paymentState(order: { status: OrderStatus; payment_status: PaymentStatus }): PaymentState {
  switch (order.payment_status) {
    case 'COMPLETED':
      return 'paid';
    case 'PARTIALLY_REFUNDED':
      return 'partly_refunded';
    case 'REFUNDED':
      return 'refunded';
    case 'FAILED':
      return order.status === 'cancelled' ? 'void' : 'failed';
    case 'PENDING':
      return order.status === 'cancelled' ? 'void' : 'due';
  }
}

/** The payment state in the shop's words (customers and staff alike). */
export const paymentStateLabels: Record<PaymentState, string> = {
  due: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
  void: 'Void (not due)',
};

/**
 * Whether a card payment may be started for the order: only a card order that is neither
 * cancelled nor was ever paid (a paid, partly refunded or refunded order never asks for money again).
 */
export const mayStartCardPayment = (order: { status: OrderStatus; payment_status: PaymentStatus; payment_method: PaymentMethod }) =>
  paysByCard(order.payment_method) && order.status !== 'cancelled' && !wasPaid(order.payment_status);

/** KINGSTON.md §1: card (Stripe), cash on delivery, bank transfer with a proof, card through PowerTranz. */
export const paymentMethods = ['stripe', 'cash_on_delivery', 'bank_transfer', 'powertranz'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** The methods paid by card at a provider's page (Stripe Checkout, PowerTranz's Hosted Payment Page): the order holds its stock for a while, then expires. */
export type CardPaymentMethod = Extract<PaymentMethod, 'stripe' | 'powertranz'>;
export const cardPaymentMethods: readonly CardPaymentMethod[] = ['stripe', 'powertranz'];
export const paysByCard = (method: PaymentMethod): method is CardPaymentMethod => method === 'stripe' || method === 'powertranz';
/** Each method in the shop's words (customers and staff alike); a cash order the customer collects is 'Cash on pickup'. */
export const paymentMethodWords: Record<PaymentMethod, string> = {
  stripe: 'Card',
  cash_on_delivery: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
  powertranz: 'Card (PowerTranz)',
};
export const paymentMethodLabel = (order: { payment_method: PaymentMethod; shipping_method: ShippingMethod }) =>
  order.payment_method === 'cash_on_delivery' && isCollected(order.shipping_method)
    ? 'Cash on pickup'
    : paymentMethodWords[order.payment_method];
/** Whether staff confirm the order's payment by hand (mark-paid): cash handed over, or a transfer seen in the account. */
export const isPaidByHand = (method: PaymentMethod) => method === 'cash_on_delivery' || method === 'bank_transfer';
/** An unpaid bank transfer waiting for the customer's money (and proof), as every page and e-mail tells it. */
export const awaitsTransfer = (order: { status: OrderStatus; payment_status: PaymentStatus; payment_method: PaymentMethod }) =>
  order.payment_method === 'bank_transfer' && order.status === 'pending' && order.payment_status === 'PENDING';
/**
 * KINGSTON.md §3: collected at the shop, brought by the shop's own driver, sent by Knutsford Express
 * to one of its branches, or sent to a post office; the last two are collected at a pickup point.
 */
export const shippingMethods = ['pickup', 'delivery', 'knutsford', 'post_office'] as const;
export type ShippingMethod = (typeof shippingMethods)[number];
/** The methods whose parcel waits at a pickup point the customer chooses (`pickup_point`). */
export type PickupPointKind = Extract<ShippingMethod, 'knutsford' | 'post_office'>;
export const pickupPointKinds = ['knutsford', 'post_office'] as const satisfies readonly PickupPointKind[];
export const needsPickupPoint = (method: ShippingMethod): method is PickupPointKind => method === 'knutsford' || method === 'post_office';

/**
 * SPEC §5 checkout fields and the words of their '{field name in lowercase words} is required'
 * messages, in the order they are checked: the words of the field's label ('Address'), never the
 * form's key (address1).
 */
const checkoutFieldNames = {
  first_name: 'first name',
  last_name: 'last name',
  email: 'email',
  phone: 'phone',
  address_line1: 'address',
  country: 'country',
  city: 'city',
  parish: 'parish',
} as const;
export type RequiredCheckoutField = keyof typeof checkoutFieldNames;

const deliveryFields: readonly RequiredCheckoutField[] = ['address_line1', 'country', 'city', 'parish'];

/** Whether an address is in Jamaica, where a delivery needs its parish (KINGSTON.md §3). */
export const isJamaica = (country: string) => ['jamaica', 'jm'].includes(country.trim().toLowerCase());

/**
 * SPEC §5: who is buying is always required; where to, only for delivery, and the parish only for
 * a delivery in Jamaica (KINGSTON.md §3). In the order they are checked.
 */
export function requiredCheckoutFields(shippingMethod: ShippingMethod, country = ''): RequiredCheckoutField[] {
  const fields = Object.keys(checkoutFieldNames) as RequiredCheckoutField[];
  if (shippingMethod !== 'delivery') return fields.filter((field) => !deliveryFields.includes(field));
  return isJamaica(country) ? fields : fields.filter((field) => field !== 'parish');
}

/** SPEC §5: '{field} is required', in the spec's word for the field. */
export const checkoutFieldRequiredMessage = (field: RequiredCheckoutField) =>
  serverMessages.checkoutFieldRequired(checkoutFieldNames[field]);

/**
 * The longest text each checkout field takes (its column's length): the form's fields stop there, so
 * no shopper meets the server's bounds message, which names the field as the wire does.
 */
export const checkoutFieldMaxLength = {
  first_name: 100,
  last_name: 100,
  email: 254,
  phone: 40,
  address_line1: 200,
  address_line2: 200,
  country: 100,
  city: 100,
  parish: 100,
  postal_code: 20,
  landmark: 200,
} as const;

const jamaicaTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Jamaica' });
/** The day and time an unpaid order must be paid by, in Jamaica's time (the shop's clock, whoever reads it). */
export const formatPayBy = (expiresAt: string) => jamaicaTime.format(new Date(expiresAt));
