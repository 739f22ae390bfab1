import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createPromotionsRepository } from './promotions.repository.ts';
import { createPromotionsService, type PromotionsService } from './promotions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionsService;
  }
}

/** Promo codes, their uses and buyer claims; the cart and checkout go through its service. */
export const promotionsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    app.decorate('promotions', createPromotionsService(createPromotionsRepository(database.db)));
  },
  { name: 'promotions' },
);
