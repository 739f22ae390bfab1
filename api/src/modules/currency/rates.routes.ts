import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ratesResponseSchema } from '@threadline/contracts';
import type { RatesService } from './rates.service.ts';

export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (app, { rates }) => {
  app.get('/rates/', { schema: { response: { 200: ratesResponseSchema } } }, async () => {
    await rates.refreshIfDue();
    return rates.current();
  });
};
