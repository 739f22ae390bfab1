import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactRequestSchema,
  newsletterRequestSchema,
  newsletterUnsubscribeQuerySchema,
  newsletterUnsubscribeRequestSchema,
  successMessageSchema,
} from '@threadline/contracts';
import { emailInBody } from '../../plugins/rate-limit.ts';
import type { ContentService } from './content.service.ts';

const tenMinutes = 10 * 60 * 1000;
const oneHour = 60 * 60 * 1000;
const unsubscribePageRedirect = z.undefined().describe('To the page /newsletter/unsubscribe?token=…, which unsubscribes');

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; publicUrl: string }> = async (app, { content, publicUrl }) => {
  app.post(
    '/contact/',
    {
      config: {
        rateLimit: { max: 30, timeWindow: tenMinutes },
        shopperLimits: [{ per: 'email', of: emailInBody, max: 5, timeWindow: oneHour }],
      },
      schema: { body: contactRequestSchema, response: { 200: successMessageSchema } },
    },
    (request) => content.contact(request.body, request.ip),
  );

  app.post(
    '/newsletter/',
    {
      config: {
        rateLimit: { max: 60, timeWindow: tenMinutes },
        shopperLimits: [{ per: 'email', of: emailInBody, max: 3, timeWindow: oneHour }],
      },
      schema: { body: newsletterRequestSchema, response: { 200: successMessageSchema } },
    },
    (request) => content.subscribe(request.body),
  );

  // The List-Unsubscribe address: a mail client's one-click POST (RFC 8058) comes with no session or
  // CSRF token, so the signed token is the authentication, and the body it sends
  // ('List-Unsubscribe=One-Click', as a form) is read and ignored. The page sends the token as JSON.
  // No rate limit: mail providers send every shopper's one-click POST from a few addresses, and a
  // forged token costs one read by key.
  await app.register(async (unsubscribe) => {
    unsubscribe.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null));
    unsubscribe.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter/unsubscribe/',
      {
        config: { csrf: false },
        schema: {
          querystring: newsletterUnsubscribeQuerySchema,
          body: newsletterUnsubscribeRequestSchema,
          response: { 200: successMessageSchema },
        },
      },
      (request) => content.unsubscribe(request.query.token ?? request.body?.token),
    );
  });

  // A mail client without one-click support opens the address in a browser: the page takes it from there.
  app.get(
    '/newsletter/unsubscribe/',
    { schema: { querystring: newsletterUnsubscribeQuerySchema, response: { 303: unsubscribePageRedirect } } },
    (request, reply) => reply.redirect(`${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(request.query.token ?? '')}`, 303),
  );
};
