import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { messages } from '@threadline/contracts';
import { unauthorized } from '../errors.ts';
import { isApiRoute } from './matched-route.ts';
import type { SignedInCustomer } from '../modules/customers/auth.service.ts';
import type { GuestSession } from '../modules/session/session.service.ts';

/** Who is calling: a guest session, a signed-in customer, or neither. */
export interface Shopper {
  /** The guest session key the page sent in `X-Session-Key`, if any. */
  sessionKey: string | null;
  /** The customer of a valid bearer token of a live sign-in, else null. */
  customer: SignedInCustomer | null;
  /** A bearer token was sent but is expired, invalid or of an ended sign-in: the page should refresh it. */
  bearerRejected: boolean;
  /** The stored session of that key; null before its first write (sessions are stored only then). */
  guestSession(): Promise<GuestSession | null>;
  /** That session, stored now if this is its first write; null for a missing or forged key. */
  startGuestSession(): Promise<GuestSession | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    shopper: Shopper;
  }
}

/**
 * Works out the shopper of every call once. The bearer token is checked up front (rate limits count
 * by account); the guest session is read only when a route asks, so catalogue calls read nothing.
 */
export const shopper = fastifyPlugin(async (app: FastifyInstance) => {
  app.decorateRequest('shopper', null, []);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') && isApiRoute(request) ? header.slice('Bearer '.length).trim() : null;
    const customer = bearer === null ? null : await app.auth.customerOf(bearer);
    const { sessionKey } = request;
    let stored: Promise<GuestSession | null> | undefined;
    request.shopper = {
      sessionKey,
      customer,
      bearerRejected: bearer !== null && customer === null,
      guestSession: () => (stored ??= app.sessions.find(sessionKey)),
      startGuestSession: async () => (await stored) ?? (stored = app.sessions.findOrStart(sessionKey)),
    };
  });
});

/** The signed-in customer's id, or a 401 the page answers by refreshing or signing in. */
export function requireCustomer(request: FastifyRequest): number {
  const { customer, bearerRejected } = request.shopper;
  if (customer !== null) return customer.id;
  throw unauthorized(bearerRejected ? messages.signInExpired : messages.signInRequired);
}
