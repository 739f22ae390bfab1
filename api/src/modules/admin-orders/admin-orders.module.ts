import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { adminOrderRoutes } from './admin-orders.routes.ts';
import { createAdminOrdersService } from './admin-orders.service.ts';

/**
 * The back office's orders: it owns no table, and changes orders, stock, payments and refunds
 * through the services of the modules that own them, in one transaction per change.
 */
export const adminOrdersModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const orders = createAdminOrdersService({
      database,
      orders: app.orders,
      payments: app.payments,
      audit: app.audit,
      publicUrl: config.publicUrl,
      forgetProducts: async (orderId) => {
        try {
          await app.changes.publish('catalog', await app.orders.productIdsOf(orderId));
        } catch (error) {
          app.log.error({ err: error }, 'could not drop the cached products of a cancelled order');
        }
      },
    });
    await app.register(adminOrderRoutes, { prefix: '/api/admin', orders });
  },
  { name: 'admin-orders', dependencies: ['orders', 'payments', 'audit', 'shop-changes'] },
);
