import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiErrorSchema, sessionHeaders, storeDetails } from '@threadline/contracts';

const errorAnswer = apiErrorSchema.describe(
  'Every refusal or failure: {"error": "…"}, with a 4xx status for a request the shop refuses and a 5xx for its own failure',
);

/**
 * One route's entry in the document: its zod schemas as JSON Schema, under the area its path names
 * (cart, users, …), with the shop's error answer. Routes outside /api are not part of it.
 */
export const describeApiCall: SwaggerTransform = (document) => {
  const { schema, url } = document;
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const area = url.split('/')[2] ?? 'api';
  return jsonSchemaTransform({
    ...document,
    schema: { ...schema, tags: [area], response: { ...(schema.response ?? {}), default: errorAnswer } },
  });
};

/**
 * The OpenAPI 3.1 document of every /api call, built from the zod schemas the routes validate and
 * answer with, and its reference page at /api/docs/ (the JSON at /api/docs/json). Registered before
 * any route, so it sees them all; the pages, crawler files and the built-in card provider are no
 * part of the API and stay out.
 */
export const apiDocs = fastifyPlugin(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${storeDetails.name} API`,
        version: '1.0.0',
        description:
          'The JSON API of the shop (SPEC §7). Money is in Jamaican dollars (major units). A guest calls ' +
          `GET /api/csrf/ first and sends its \`${sessionHeaders.sessionKey}\` on every call and the ` +
          `\`${sessionHeaders.csrfCookie}\` cookie's value as \`${sessionHeaders.csrfToken}\` on every call that is not a GET; ` +
          'a customer also sends `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: {
          sessionKey: { type: 'apiKey', in: 'header', name: sessionHeaders.sessionKey },
          csrfToken: { type: 'apiKey', in: 'header', name: sessionHeaders.csrfToken },
          customer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      // The catalogue needs neither; a cart needs the session (and the token to change it); an account the bearer token.
      security: [{}, { sessionKey: [], csrfToken: [] }, { sessionKey: [], csrfToken: [], customer: [] }],
    },
    transform: describeApiCall,
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    theme: { title: `${storeDetails.name} API reference` },
    // No top bar: its address box would load other documents, which the page's policy refuses anyway.
    uiConfig: { layout: 'BaseLayout', deepLinking: true },
    // The shop's page headers (Content-Security-Policy included, from the web app's helmet).
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.helmet();
        done();
      },
    },
  });
});
