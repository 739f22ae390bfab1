import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csrfResponseSchema, sessionHeaders } from '@threadline/contracts';
import type { SessionService } from './session.service.ts';

const oneYear = 365 * 24 * 60 * 60;
const tenMinutes = 10 * 60 * 1000;

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService; cookieSecure: boolean }> = async (
  app,
  { sessions, cookieSecure },
) => {
  app.get(
    '/csrf/',
    { config: { rateLimit: { max: 300, timeWindow: tenMinutes } }, schema: { response: { 200: csrfResponseSchema } } },
    async (request, reply) => {
      const sessionKey = await sessions.keyFor(request.sessionKey);
      const csrftoken = sessions.csrfTokenFor(sessionKey);
      reply
        .setCookie(sessionHeaders.csrfCookie, csrftoken, {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: cookieSecure,
          maxAge: oneYear,
        })
        .header(sessionHeaders.sessionKey, sessionKey);
      return { csrftoken, session_key: sessionKey };
    },
  );
};
