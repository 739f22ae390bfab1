import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { messages } from '@threadline/contracts';
import { unauthorized } from '../errors.ts';
import type { AccessTokens } from '../modules/customers/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer's id from a valid bearer token, else null. */
    customerId: number | null;
    /** A bearer token was sent but is expired or invalid: the page should refresh it. */
    bearerRejected: boolean;
  }
}

/** Reads the bearer token of every /api call; routes decide whether they need a customer. */
export const currentCustomer = fastifyPlugin(async (app: FastifyInstance, { tokens }: { tokens: AccessTokens }) => {
  app.decorateRequest('customerId', null);
  app.decorateRequest('bearerRejected', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ') || !request.url.startsWith('/api/')) return;
    request.customerId = await tokens.verify(header.slice('Bearer '.length).trim());
    request.bearerRejected = request.customerId === null;
  });
});

/** The signed-in customer's id, or a 401 the page answers by refreshing or signing in. */
export function requireCustomer(request: FastifyRequest): number {
  if (request.customerId !== null) return request.customerId;
  throw unauthorized(request.bearerRejected ? messages.signInExpired : messages.signInRequired);
}
