import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, restockAlertRequestSchema, successMessageSchema } from '@threadline/contracts';
import type { RestockAlertsService } from './restock-alerts.service.ts';

const tenMinutes = 10 * 60 * 1000;

export const restockAlertRoutes: FastifyPluginAsyncZod<{ alerts: RestockAlertsService }> = async (app, { alerts }) => {
  // KINGSTON.md §5: "Notify me" on a sold-out size or colour. Each ask may end in an e-mail to the
  // address given, so an address (of the caller) gets a shopper's worth of them.
  app.post(
    '/product/:id/notify/',
    {
      config: { rateLimit: { max: 20, timeWindow: tenMinutes } },
      schema: { params: idParamsSchema, body: restockAlertRequestSchema, response: { 200: successMessageSchema } },
    },
    async (request) => alerts.ask(request.params.id, request.body),
  );
};
