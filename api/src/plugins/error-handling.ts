import type { FastifyError, FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@threadline/contracts';
import { ShopError } from '../errors.ts';

/** One error shape for every answer: `{error: "…"}`; a 5xx says nothing internal. */
export const errorHandling = fastifyPlugin(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ShopError, request, reply) => {
    if (error instanceof ShopError) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const detail = issue?.message ?? 'Invalid input';
      return reply.status(400).send({ error: field ? `${field}: ${detail}` : detail });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: status === 429 ? messages.tooManyRequests : error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: messages.serverError });
  });
});
