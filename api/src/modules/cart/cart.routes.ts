import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  addToCartRequestSchema,
  applyPromoRequestSchema,
  cartChangeResponseSchema,
  cartSchema,
  idParamsSchema,
  updateCartItemRequestSchema,
} from '@threadline/contracts';
import { idempotencyKeyOf } from '../../idempotency-key.ts';
import { cartOwnerOf } from '../../plugins/rate-limit.ts';
import type { CartContext, CartService } from './cart.service.ts';

export interface CartRouteOptions {
  cart: CartService;
  /** Whose cart a request works on; `required` refuses a call without a usable session. */
  cartContext(request: FastifyRequest, required: boolean): Promise<CartContext>;
}

const tenMinutes = 10 * 60 * 1000;

export const cartRoutes: FastifyPluginAsyncZod<CartRouteOptions> = async (app, { cart, cartContext }) => {
  const change = { 200: cartChangeResponseSchema };

  app.get('/orders/cart/', { schema: { response: { 200: cartSchema } } }, async (request) =>
    cart.get(await cartContext(request, false)),
  );

  app.post('/orders/cart/', { schema: { body: addToCartRequestSchema, response: change } }, async (request) =>
    cart.add(await cartContext(request, true), request.body, idempotencyKeyOf(request)),
  );

  app.delete('/orders/cart/', { schema: { response: change } }, async (request) =>
    cart.clear(await cartContext(request, true)),
  );

  app.patch(
    '/orders/cart/update/:id/',
    { schema: { params: idParamsSchema, body: updateCartItemRequestSchema, response: change } },
    async (request) => cart.update(await cartContext(request, true), request.params.id, request.body.quantity),
  );

  app.delete('/orders/cart/remove/:id/', { schema: { params: idParamsSchema, response: change } }, async (request) =>
    cart.remove(await cartContext(request, true), request.params.id),
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
    async (request) => cart.applyPromo(await cartContext(request, true), request.body.promo_code),
  );

  app.delete('/orders/cart/promo/', { schema: { response: change } }, async (request) =>
    cart.removePromo(await cartContext(request, true)),
  );
};
