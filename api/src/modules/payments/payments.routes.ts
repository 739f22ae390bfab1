import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  cancelOrderResponseSchema,
  cardPaymentConfigSchema,
  cardSessionResponseSchema,
  idParamsSchema as idParams,
  verifySessionRequestSchema,
  verifySessionResponseSchema,
} from '@threadline/contracts';
import type { OrderViewer } from '../orders/orders.service.ts';
import type { PaymentsService } from './payments.service.ts';

export interface PaymentRouteOptions {
  payments: PaymentsService;
  /** Who asks: the order's account, or the guest session that placed it. */
  viewerOf(request: FastifyRequest): Promise<OrderViewer>;
  /** The shop's configured address: where the card provider sends the shopper back to. */
  publicUrl: string;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, { payments, viewerOf, publicUrl }) => {
  // Giving up an unpaid card order closes its card sessions first: payments decides it.
  app.post('/orders/:id/cancel/', { schema: { params: idParams, response: { 200: cancelOrderResponseSchema } } }, async (request) =>
    payments.cancelOrder(await viewerOf(request), request.params.id),
  );

  app.get('/orders/payment/stripe/config/', { schema: { response: { 200: cardPaymentConfigSchema } } }, () => payments.config());

  app.post('/orders/payment/stripe/:id/', { schema: { params: idParams, response: { 200: cardSessionResponseSchema } } }, async (request) =>
    payments.startCheckout(await viewerOf(request), request.params.id, publicUrl),
  );

  app.post(
    '/orders/payment/stripe/verify-session/',
    { schema: { body: verifySessionRequestSchema, response: { 200: verifySessionResponseSchema } } },
    async (request) => payments.verify(await viewerOf(request), request.body.session_id),
  );

  await app.register(async (webhook) => {
    // The signature covers the exact bytes sent, so this route keeps the body raw.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post('/orders/payment/stripe/webhook/', { config: { csrf: false } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      return payments.webhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
    });
  });
};
