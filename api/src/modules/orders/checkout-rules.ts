import { createHash } from 'node:crypto';
import { checkoutFieldRequiredMessage, messages, requiredCheckoutFields, type CheckoutRequest } from '@threadline/contracts';
import { z } from 'zod';

const emailShape = z.email();

/** SPEC §5: who is buying is always required; where to, only for delivery. First problem wins. */
export function checkoutProblem(request: CheckoutRequest): string | null {
  for (const field of requiredCheckoutFields(request.shipping_method)) {
    if (String(request[field] ?? '').trim() === '') return checkoutFieldRequiredMessage(field);
  }
  if (!emailShape.safeParse(request.email.trim()).success) return messages.emailInvalid;
  return null;
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
