import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createPromotionsAdminRepository } from './promotions-admin.repository.ts';
import { promotionsAdminRoutes } from './promotions-admin.routes.ts';
import { createPromotionsAdminService } from './promotions-admin.service.ts';
import { createPromotionsRepository } from './promotions.repository.ts';
import { createPromotionsService, type PromotionsService } from './promotions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionsService;
  }
}

/** Promo codes, their uses and buyer claims; the cart and checkout go through its service, staff through /api/admin/promotions/. */
export const promotionsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    app.decorate('promotions', createPromotionsService(createPromotionsRepository(database.db)));
    const promotions = createPromotionsAdminService({
      database,
      repository: createPromotionsAdminRepository(database.db, database.dialect),
      audit: app.audit,
      changes: app.changes,
    });
    await app.register(promotionsAdminRoutes, { prefix: '/api/admin', promotions });
  },
  { name: 'promotions', dependencies: ['audit', 'shop-changes'] },
);
