import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelOrderResponseSchema,
  cardPaymentConfigSchema,
  cardSessionResponseSchema,
  idParamsSchema as idParams,
  verifySessionRequestSchema,
  verifySessionResponseSchema,
  webhookReceivedSchema,
} from '@threadline/contracts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import { orderViewerOf } from '../orders/order-viewer.ts';
import type { PaymentsService } from './payments.service.ts';

export interface PaymentRouteOptions {
  payments: PaymentsService;
  /** The shop's configured address: where the card provider sends the shopper back to. */
  publicUrl: string;
}

// The provider's event, checked by its SDK against the Stripe-Signature header: described for the reference only.
const webhookEvent = z
  .object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) })
  .describe('A Stripe event (checkout.session.completed and the like), signed in the Stripe-Signature header');
const describedWebhookEvent: SwaggerTransform = (document) => describeApiCall({ ...document, schema: { ...document.schema, body: webhookEvent } });

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, { payments, publicUrl }) => {
  // Giving up an unpaid card order closes its card sessions first: payments decides it.
  app.post('/orders/:id/cancel/', { schema: { params: idParams, response: { 200: cancelOrderResponseSchema } } }, async (request) =>
    payments.cancelOrder(await orderViewerOf(request), request.params.id),
  );

  app.get('/orders/payment/stripe/config/', { schema: { response: { 200: cardPaymentConfigSchema } } }, () => payments.config());

  app.post('/orders/payment/stripe/:id/', { schema: { params: idParams, response: { 200: cardSessionResponseSchema } } }, async (request) =>
    payments.startCheckout(await orderViewerOf(request), request.params.id, publicUrl),
  );

  app.post(
    '/orders/payment/stripe/verify-session/',
    { schema: { body: verifySessionRequestSchema, response: { 200: verifySessionResponseSchema } } },
    async (request) => payments.verify(await orderViewerOf(request), request.body.session_id),
  );

  await app.register(async (webhook) => {
    // The signature covers the exact bytes sent, so this route keeps the body raw.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/orders/payment/stripe/webhook/',
      { config: { csrf: false, swaggerTransform: describedWebhookEvent }, schema: { response: { 200: webhookReceivedSchema } } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return payments.webhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};
