import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, newsletterRequestSchema, successMessageSchema } from '@threadline/contracts';
import { emailInBody } from '../../plugins/rate-limit.ts';
import type { ContentService } from './content.service.ts';

const tenMinutes = 10 * 60 * 1000;
const oneHour = 60 * 60 * 1000;

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
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
};
