import { createHash } from 'node:crypto';
import {
  checkoutFieldRequiredMessage,
  isJamaica,
  messages,
  needsPickupPoint,
  offeredShippingMethods,
  parishNamed,
  requiredCheckoutFields,
  serverMessages,
  shippingMethodWords,
  type CheckoutRequest,
  type PickupPoint,
  type StoreSettings,
} from '@threadline/contracts';
import { z } from 'zod';

const emailShape = z.email();

/** SPEC §5: who is buying is always required; where to, only for delivery. First problem wins. */
export function checkoutProblem(request: CheckoutRequest): string | null {
  for (const field of requiredCheckoutFields(request.shipping_method, request.country)) {
    if (String(request[field] ?? '').trim() === '') return checkoutFieldRequiredMessage(field);
  }
  if (!emailShape.safeParse(request.email.trim()).success) return messages.emailInvalid;
  return null;
}

/**
 * KINGSTON.md §3: the method is one the shop offers now; a delivery in Jamaica goes to one of the 14
 * parishes; a Knutsford Express or post-office order names a pickup point of that kind from the
 * shop's list. First problem wins; else the pickup point it is collected at (null for the others).
 */
export function deliveryProblem(
  request: CheckoutRequest,
  settings: Pick<StoreSettings, 'shipping_methods' | 'pickup_points'>,
): { problem: string } | { pickupPoint: PickupPoint | null } {
  const method = request.shipping_method;
  if (!offeredShippingMethods(settings).includes(method))
    return { problem: serverMessages.shippingMethodNotOffered(shippingMethodWords[method]) };
  // Required (checkoutProblem); here it must also be one of the 14.
  if (method === 'delivery' && isJamaica(request.country) && !parishNamed(request.parish)) return { problem: serverMessages.parishUnknown };
  if (!needsPickupPoint(method)) return { pickupPoint: null };
  const code = request.pickup_point?.trim() ?? '';
  if (code === '') return { problem: serverMessages.pickupPointRequired };
  const point = settings.pickup_points.find((each) => each.code === code && each.kind === method);
  return point ? { pickupPoint: point } : { problem: serverMessages.pickupPointUnknown(shippingMethodWords[method], code) };
}

/**
 * How an order of this total is settled when it is placed: a card order waits for its payment, a
 * cash order for the courier, a bank transfer for the customer's transfer (staff mark it paid), and
 * an order of J$0 (a 100% code with pickup) needs no payment at all whatever method was picked, so
 * it is placed as paid.
 */
export function settlementAtPlacing(
  paymentMethod: CheckoutRequest['payment_method'],
  totalMinor: number,
): 'card' | 'cash' | 'transfer' | 'nothing-to-pay' {
  if (totalMinor === 0) return 'nothing-to-pay';
  switch (paymentMethod) {
    case 'stripe':
    case 'powertranz':
      return 'card';
    case 'bank_transfer':
      return 'transfer';
    case 'cash_on_delivery':
      return 'cash';
  }
}

/** The same form sent again for the same cart owner hashes the same, so a retry finds its order. */
export function checkoutRequestHash(ownerKey: string, request: CheckoutRequest): string {
  const { shipping_cost: _ignored, ...meaningful } = request;
  return createHash('sha256')
    .update(`${ownerKey}\n${JSON.stringify(meaningful)}`)
    .digest('hex');
}

/** Human-readable and unguessable enough: TL-YYMMDD-XXXXX (no 0/O/1/I to misread on the phone). */
export function newOrderNumber(now: Date, random: () => number = Math.random): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  const suffix = Array.from({ length: 5 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  return `TL-${date}-${suffix}`;
}
