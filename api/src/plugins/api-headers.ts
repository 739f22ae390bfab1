import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { privateCacheControl } from '../http-caching.ts';

/**
 * The few headers a JSON answer needs. Answers are private by default (carts, accounts, errors); a
 * route that serves public catalogue data sets its own cache-control.
 */
export const apiHeaders = fastifyPlugin(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', privateCacheControl);
  });
});
