import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createCartRepository } from './cart.repository.ts';
import { cartRoutes } from './cart.routes.ts';
import { createCartService, type CartService } from './cart.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cart: CartService;
  }
}

/** The shopper's cart; sign-in, checkout and payments change it through its service. */
export const cartModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const cart = createCartService(database, createCartRepository(database.db), app.promotions, app.media.urls, config.publicUrl);
    app.decorate('cart', cart);
    await app.register(cartRoutes, { prefix: '/api', cart });
  },
  { name: 'cart', dependencies: ['promotions', 'media'] },
);
