// The order's constants, apart from its schemas so that a page using them loads no zod.
import { messages } from './messages.ts';

export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** BACKOFFICE.md "Order rules": where each status may move; nothing else is allowed. */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

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

export const paymentMethods = ['stripe', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const shippingMethods = ['pickup', 'delivery'] as const;
export type ShippingMethod = (typeof shippingMethods)[number];

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
} as const;
export type RequiredCheckoutField = keyof typeof checkoutFieldNames;

const deliveryFields: readonly RequiredCheckoutField[] = ['address_line1', 'country', 'city'];

/** SPEC §5: who is buying is always required; where to, only for delivery. In the order they are checked. */
export function requiredCheckoutFields(shippingMethod: ShippingMethod): RequiredCheckoutField[] {
  const fields = Object.keys(checkoutFieldNames) as RequiredCheckoutField[];
  return shippingMethod === 'delivery' ? fields : fields.filter((field) => !deliveryFields.includes(field));
}

/** SPEC §5: '{field} is required', in the spec's word for the field. */
export const checkoutFieldRequiredMessage = (field: RequiredCheckoutField) => messages.checkoutFieldRequired(checkoutFieldNames[field]);

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
} as const;
