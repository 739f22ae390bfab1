import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { messages, sessionHeaders } from '@threadline/contracts';
import { forbidden } from '../errors.ts';
import { isApiRoute } from './matched-route.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The guest session key the browser sent in `X-Session-Key`, if any. */
    sessionKey: string | null;
  }
  interface FastifyContextConfig {
    /** Set false on calls that are not made by the shop's pages (provider webhooks). */
    csrf?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const sessionKeyHeader = sessionHeaders.sessionKey.toLowerCase();
const csrfHeader = sessionHeaders.csrfToken.toLowerCase();

/**
 * Reads the session key of every call and refuses a state-changing call without a valid CSRF token
 * (checked by the session module's service, `app.sessions`).
 */
export const sessionKeyAndCsrf = fastifyPlugin(async (app: FastifyInstance) => {
  app.decorateRequest('sessionKey', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[sessionKeyHeader];
    request.sessionKey = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null;
    if (safeMethods.has(request.method) || request.routeOptions.config.csrf === false) return;
    if (!isApiRoute(request)) return;
    const headerToken = request.headers[csrfHeader];
    const valid = app.sessions.isCsrfTokenValid(
      request.sessionKey,
      typeof headerToken === 'string' ? headerToken : undefined,
      request.cookies[sessionHeaders.csrfCookie],
    );
    if (!valid) throw forbidden(messages.csrfFailed);
  });
});
