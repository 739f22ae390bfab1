import type { FastifyRequest } from 'fastify';
import { messages, serverMessages } from '@threadline/contracts';
import { forbidden, unauthorized } from '../../errors.ts';
import type { CartContext } from './cart.service.ts';

/**
 * Whose cart a call works on: the signed-in customer's, else the guest session's. A call that writes
 * (`start`) stores the guest session at its first write; one that only reads never does.
 */
export async function cartContextOf(request: FastifyRequest, { start }: { start: boolean }): Promise<CartContext> {
  const { customer, bearerRejected, guestSession, startGuestSession } = request.shopper;
  // A stale bearer token must not quietly show the guest cart: the page refreshes and asks again.
  if (bearerRejected) throw unauthorized(messages.signInExpired);
  if (customer !== null) {
    return { owner: { userId: customer.id, sessionId: null }, customer: { userId: customer.id, email: customer.email } };
  }
  const session = start ? await startGuestSession() : await guestSession();
  if (start && !session) throw forbidden(serverMessages.sessionExpired);
  return { owner: { userId: null, sessionId: session?.id ?? null }, customer: null };
}
