import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { privateCacheControl } from '../http-caching.ts';
import { isApiRoute } from './matched-route.ts';

/**
 * The few headers a JSON answer needs. Answers are private by default (carts, accounts, errors); a
 * route that serves public catalogue data sets its own cache-control.
 */
export const apiHeaders = fastifyPlugin(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    // A path that matched nothing gets them too: its answer is the JSON not-found error.
    if (!isApiRoute(request) && !request.is404) return;
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', privateCacheControl);
  });
});
