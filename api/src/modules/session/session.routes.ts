import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csrfResponseSchema, sessionHeaders } from '@threadline/contracts';
import type { SessionService } from './session.service.ts';

const oneYear = 365 * 24 * 60 * 60;

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService; cookieSecure: boolean }> = async (
  app,
  { sessions, cookieSecure },
) => {
  app.get('/csrf/', { schema: { response: { 200: csrfResponseSchema } } }, async (request, reply) => {
    const session = await sessions.resolveOrCreate(request.sessionKey);
    const csrftoken = sessions.csrfTokenFor(session.key);
    reply
      .setCookie(sessionHeaders.csrfCookie, csrftoken, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: cookieSecure,
        maxAge: oneYear,
      })
      .header(sessionHeaders.sessionKey, session.key);
    return { csrftoken, session_key: session.key };
  });
};
