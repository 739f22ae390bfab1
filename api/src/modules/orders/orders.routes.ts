import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  cardSessionResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  idParamsSchema as idParams,
  orderListResponseSchema,
  orderSchema,
  verifySessionRequestSchema,
  verifySessionResponseSchema,
} from '@threadline/contracts';
import { idempotencyKeyOf } from '../../idempotency-key.ts';
import { requireCustomer } from '../../plugins/current-customer.ts';
import type { CartContext } from '../cart/cart.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { OrdersService, OrderViewer } from './orders.service.ts';

export interface OrderRouteOptions {
  checkout: CheckoutService;
  orders: OrdersService;
  payments: PaymentsService;
  cartContext(request: FastifyRequest, required: boolean): Promise<CartContext>;
  origin(request: FastifyRequest): string;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, { checkout, orders, payments, cartContext, origin }) => {
  const viewerOf = async (request: FastifyRequest): Promise<OrderViewer> => {
    const { owner } = await cartContext(request, false);
    return owner.userId !== null ? { userId: owner.userId, sessionId: null } : owner;
  };

  app.post('/orders/checkout/', { schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } } }, async (request) =>
    checkout.placeOrder(await cartContext(request, true), request.body, idempotencyKeyOf(request)),
  );

  app.get('/orders/', { schema: { response: { 200: orderListResponseSchema } } }, (request) => orders.list(requireCustomer(request)));

  for (const path of ['/orders/:id/', '/orders/order/:id/']) {
    app.get(path, { schema: { params: idParams, response: { 200: orderSchema } } }, async (request) =>
      orders.view(await orders.ownedOrder(await viewerOf(request), request.params.id)),
    );
  }

  app.post('/orders/payment/stripe/:id/', { schema: { params: idParams, response: { 200: cardSessionResponseSchema } } }, async (request) =>
    payments.startCheckout(await viewerOf(request), request.params.id, origin(request)),
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
