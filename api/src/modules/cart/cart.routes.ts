import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartRequestSchema,
  applyPromoRequestSchema,
  cartChangeResponseSchema,
  cartSchema,
  idParamsSchema,
  shareCartResponseSchema,
  sharedCartParamsSchema,
  updateCartItemRequestSchema,
} from '@threadline/contracts';
import { idempotencyKeyOf } from '../../idempotency-key.ts';
import { cartOwnerOf } from '../../plugins/rate-limit.ts';
import { cartContextOf } from './cart-owner.ts';
import type { CartService } from './cart.service.ts';

export interface CartRouteOptions {
  cart: CartService;
}

const tenMinutes = 10 * 60 * 1000;

export const cartRoutes: FastifyPluginAsyncZod<CartRouteOptions> = async (app, { cart }) => {
  const change = { 200: cartChangeResponseSchema };

  app.get('/orders/cart/', { schema: { response: { 200: cartSchema } } }, async (request) =>
    cart.get(await cartContextOf(request, { start: false })),
  );

  app.post('/orders/cart/', { schema: { body: addToCartRequestSchema, response: change } }, async (request) =>
    cart.add(await cartContextOf(request, { start: true }), request.body, idempotencyKeyOf(request)),
  );

  app.delete('/orders/cart/', { schema: { response: change } }, async (request) =>
    cart.clear(await cartContextOf(request, { start: true })),
  );

  app.patch(
    '/orders/cart/update/:id/',
    { schema: { params: idParamsSchema, body: updateCartItemRequestSchema, response: change } },
    async (request) => cart.update(await cartContextOf(request, { start: true }), request.params.id, request.body.quantity),
  );

  app.delete('/orders/cart/remove/:id/', { schema: { params: idParamsSchema, response: change } }, async (request) =>
    cart.remove(await cartContextOf(request, { start: true }), request.params.id),
  );

  // Codes are short words: each cart gets a few tries, and one address a crowd's worth of carts.
  app.post(
    '/orders/cart/promo/',
    {
      config: {
        rateLimit: { max: 120, timeWindow: tenMinutes },
        shopperLimits: [{ per: 'cart', of: cartOwnerOf, max: 10, timeWindow: tenMinutes }],
      },
      schema: { body: applyPromoRequestSchema, response: change },
    },
    async (request) => cart.applyPromo(await cartContextOf(request, { start: true }), request.body.promo_code),
  );

  // KINGSTON.md §5: a link to the cart's lines, to send on WhatsApp. Each share keeps a copy, so
  // an address gets a shopper's worth of them.
  app.post(
    '/orders/cart/share/',
    { config: { rateLimit: { max: 30, timeWindow: tenMinutes } }, schema: { response: { 200: shareCartResponseSchema } } },
    async (request) => cart.share(await cartContextOf(request, { start: false })),
  );

  app.post('/orders/cart/shared/:token/', { schema: { params: sharedCartParamsSchema, response: change } }, async (request) =>
    cart.openShared(await cartContextOf(request, { start: true }), request.params.token),
  );

  app.delete('/orders/cart/promo/', { schema: { response: change } }, async (request) =>
    cart.removePromo(await cartContextOf(request, { start: true })),
  );
};
