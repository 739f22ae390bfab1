import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { deliveryRoutes } from './deliveries.routes.ts';
import { createDeliveriesService } from './deliveries.service.ts';

/**
 * The driver's day (KINGSTON.md §3): it owns no table; the orders module moves the order and keeps
 * the proof, the back office's order desk marks it paid, in one transaction per delivery.
 */
export const deliveriesModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const deliveries = createDeliveriesService({
      database,
      orders: app.orders,
      adminOrders: app.adminOrders,
      audit: app.audit,
      store: app.media.store,
      publicUrl: config.publicUrl,
    });
    await app.register(deliveryRoutes, { prefix: '/api/admin', deliveries });
  },
  { name: 'deliveries', dependencies: ['orders', 'admin-orders', 'audit', 'media'] },
);
