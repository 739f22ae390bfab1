import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  serverMessages,
  checkoutRequestSchema,
  checkoutResponseSchema,
  idParamsSchema as idParams,
  orderLinkQuerySchema,
  orderListResponseSchema,
  orderSchema,
} from '@threadline/contracts';
import { idempotencyKeyOf } from '../../idempotency-key.ts';
import { requireCustomer } from '../../plugins/shopper.ts';
import { addressOf, emailInBody, madeCountsOf, textInBody, type ShopperLimit } from '../../plugins/rate-limit.ts';
import { cartContextOf } from '../cart/cart-owner.ts';
import type { CheckoutService } from './checkout.service.ts';
import { orderViewerOf } from './order-viewer.ts';
import type { OrdersService } from './orders.service.ts';

export interface OrderRouteOptions {
  checkout: CheckoutService;
  orders: OrdersService;
}

const tenMinutes = 10 * 60 * 1000;
const oneHour = 60 * 60 * 1000;
const oneDay = 24 * oneHour;

/**
 * A guest's cash order holds stock until it is delivered, with nothing paid: a few per guest e-mail
 * and session a day, and a crowd's worth per address, counting orders placed, in the transaction
 * that places them (ADR 9).
 */
const guestCashOrderLimit = (limit: ShopperLimit): ShopperLimit => ({
  ...limit,
  of: (request) =>
    request.shopper.customer === null && textInBody(request, 'payment_method') === 'cash_on_delivery' ? limit.of(request) : null,
  countsMade: true,
  message: serverMessages.tooManyGuestCashOrders,
});
const guestCashOrderLimits = [
  guestCashOrderLimit({ per: 'cash-email', of: emailInBody, max: 3, timeWindow: oneDay }),
  guestCashOrderLimit({ per: 'cash-session', of: (request) => request.shopper.sessionKey, max: 3, timeWindow: oneDay }),
  guestCashOrderLimit({ per: 'cash-address', of: addressOf, max: 20, timeWindow: oneHour, byAddress: true }),
];

/**
 * A guest's bank transfer holds its stock for days with nothing paid, as a cash order does: the same
 * few a day per guest e-mail and session, and per address, counted apart from cash orders.
 */
const guestTransferOrderLimit = (limit: ShopperLimit): ShopperLimit => ({
  ...limit,
  of: (request) =>
    request.shopper.customer === null && textInBody(request, 'payment_method') === 'bank_transfer' ? limit.of(request) : null,
  countsMade: true,
  message: serverMessages.tooManyGuestTransferOrders,
});
const guestTransferOrderLimits = [
  guestTransferOrderLimit({ per: 'transfer-email', of: emailInBody, max: 3, timeWindow: oneDay }),
  guestTransferOrderLimit({ per: 'transfer-session', of: (request) => request.shopper.sessionKey, max: 3, timeWindow: oneDay }),
  guestTransferOrderLimit({ per: 'transfer-address', of: addressOf, max: 20, timeWindow: oneHour, byAddress: true }),
];

/**
 * Every order attempt per address, counted once the body is valid: the checkout is the shop's
 * busiest write, and a counter before the body is read cost a round trip and a sixth of its CPU
 * (ADR 9, amendments).
 */
const checkoutAttemptsPerAddress: ShopperLimit = { per: 'address', of: addressOf, max: 60, timeWindow: tenMinutes, byAddress: true };

export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, { checkout, orders }) => {
  app.post(
    '/orders/checkout/',
    {
      config: { shopperLimits: [checkoutAttemptsPerAddress, ...guestCashOrderLimits, ...guestTransferOrderLimits] },
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) =>
      checkout.placeOrder(await cartContextOf(request, { start: true }), request.body, idempotencyKeyOf(request), madeCountsOf(request)),
  );

  app.get('/orders/', { schema: { response: { 200: orderListResponseSchema } } }, (request) => orders.list(requireCustomer(request)));

  // The e-mail's signed link (?token=) opens its one order for anyone who holds it.
  for (const path of ['/orders/:id/', '/orders/order/:id/']) {
    app.get(path, { schema: { params: idParams, querystring: orderLinkQuerySchema, response: { 200: orderSchema } } }, async (request) =>
      orders.view(await orders.linkedOrder(await orderViewerOf(request), request.params.id, request.query.token)),
    );
  }
};
