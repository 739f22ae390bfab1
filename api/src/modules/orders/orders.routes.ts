import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cancelOrderResponseSchema,
  cardPaymentConfigSchema,
  messages,
  cardSessionResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  idParamsSchema as idParams,
  orderLinkQuerySchema,
  orderListResponseSchema,
  orderSchema,
  verifySessionRequestSchema,
  verifySessionResponseSchema,
  webhookReceivedSchema,
} from '@threadline/contracts';
import { idempotencyKeyOf } from '../../idempotency-key.ts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import { requireCustomer } from '../../plugins/current-customer.ts';
import { addressOf, emailInBody, textInBody, type ShopperLimit } from '../../plugins/rate-limit.ts';
import type { CartContext } from '../cart/cart.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { OrdersService, OrderViewer } from './orders.service.ts';

export interface OrderRouteOptions {
  checkout: CheckoutService;
  orders: OrdersService;
  payments: PaymentsService;
  cartContext(request: FastifyRequest, required: boolean): Promise<CartContext>;
  /** The shop's configured address: where the card provider sends the shopper back to. */
  publicUrl: string;
}

const tenMinutes = 10 * 60 * 1000;
const oneHour = 60 * 60 * 1000;
const oneDay = 24 * oneHour;

/**
 * A guest's cash order holds stock until it is delivered, with nothing paid: a few per guest e-mail
 * and session a day, and a crowd's worth per address, counting orders placed (ADR 9).
 */
const guestCashOrderLimit = (limit: ShopperLimit): ShopperLimit => ({
  ...limit,
  of: (request) => (request.customerId === null && textInBody(request, 'payment_method') === 'cash_on_delivery' ? limit.of(request) : null),
  successesOnly: true,
  message: messages.tooManyGuestCashOrders,
});
const guestCashOrderLimits = [
  guestCashOrderLimit({ per: 'cash-email', of: emailInBody, max: 3, timeWindow: oneDay }),
  guestCashOrderLimit({ per: 'cash-session', of: (request) => request.sessionKey, max: 3, timeWindow: oneDay }),
  guestCashOrderLimit({ per: 'cash-address', of: addressOf, max: 20, timeWindow: oneHour, byAddress: true }),
];

// The provider's event, checked by its SDK against the Stripe-Signature header: described for the reference only.
const webhookEvent = z
  .object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) })
  .describe('A Stripe event (checkout.session.completed and the like), signed in the Stripe-Signature header');
const describedWebhookEvent: SwaggerTransform = (document) => describeApiCall({ ...document, schema: { ...document.schema, body: webhookEvent } });

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, { checkout, orders, payments, cartContext, publicUrl }) => {
  const viewerOf = async (request: FastifyRequest): Promise<OrderViewer> => {
    const { owner } = await cartContext(request, false);
    return owner.userId !== null ? { userId: owner.userId, sessionId: null } : owner;
  };

  app.post(
    '/orders/checkout/',
    {
      config: { rateLimit: { max: 60, timeWindow: tenMinutes }, shopperLimits: guestCashOrderLimits },
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) => checkout.placeOrder(await cartContext(request, true), request.body, idempotencyKeyOf(request)),
  );

  app.get('/orders/', { schema: { response: { 200: orderListResponseSchema } } }, (request) => orders.list(requireCustomer(request)));

  // The e-mail's signed link (?token=) opens its one order for anyone who holds it.
  for (const path of ['/orders/:id/', '/orders/order/:id/']) {
    app.get(path, { schema: { params: idParams, querystring: orderLinkQuerySchema, response: { 200: orderSchema } } }, async (request) =>
      orders.view(await orders.linkedOrder(await viewerOf(request), request.params.id, request.query.token)),
    );
  }

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
