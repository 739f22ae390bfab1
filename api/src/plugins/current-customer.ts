import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { messages } from '@threadline/contracts';
import { unauthorized } from '../errors.ts';
import type { AccessClaims } from '../modules/customers/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer's id from a valid bearer token of a live sign-in, else null. */
    customerId: number | null;
    /** The sign-in that bearer token belongs to, else null. */
    signInId: string | null;
    /** A bearer token was sent but is expired, invalid or of an ended sign-in: the page should refresh it. */
    bearerRejected: boolean;
  }
}

export interface CurrentCustomerOptions {
  /** The claims of an access token whose sign-in is still live, else null. */
  customerOf(accessToken: string): Promise<AccessClaims | null>;
}

/** Reads the bearer token of every /api call; routes decide whether they need a customer. */
export const currentCustomer = fastifyPlugin(async (app: FastifyInstance, { customerOf }: CurrentCustomerOptions) => {
  app.decorateRequest('customerId', null);
  app.decorateRequest('signInId', null);
  app.decorateRequest('bearerRejected', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ') || !request.url.startsWith('/api/')) return;
    const claims = await customerOf(header.slice('Bearer '.length).trim());
    request.customerId = claims?.userId ?? null;
    request.signInId = claims?.signInId ?? null;
    request.bearerRejected = claims === null;
  });
});

/** The signed-in customer's id, or a 401 the page answers by refreshing or signing in. */
export function requireCustomer(request: FastifyRequest): number {
  if (request.customerId !== null) return request.customerId;
  throw unauthorized(request.bearerRejected ? messages.signInExpired : messages.signInRequired);
}
