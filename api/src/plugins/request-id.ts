import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { requestIdHeader } from '@threadline/contracts';

/**
 * An id the load balancer (or a client) sent is kept only when it is short and of characters that
 * cannot forge log fields or headers; anything else is replaced by one of our own.
 */
const safeRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the id every log line of the request and its error answer carry. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
}

/** Every answer names its request id, so a shopper's report or a proxy log finds the server's log lines. */
export const requestIds = fastifyPlugin(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });
});
