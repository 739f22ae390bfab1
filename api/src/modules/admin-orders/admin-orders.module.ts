import fastifyPlugin from 'fastify-plugin';
import { oneProcessAtATime, runEvery } from '../../timed-job.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { adminOrderRoutes } from './admin-orders.routes.ts';
import { createAdminOrdersService, type AdminOrdersService } from './admin-orders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    adminOrders: AdminOrdersService;
  }
}

const fiveMinutes = 5 * 60 * 1000;

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
      storeContact: app.settings.contact,
      storeTax: app.settings.tax,
      pickupPoints: async () => (await app.settings.current()).pickup_points,
      publicUrl: config.publicUrl,
      forgetProducts: async (orderId) => {
        try {
          await app.changes.publish('catalog', await app.orders.productIdsOf(orderId));
        } catch (error) {
          app.log.error({ err: error }, 'could not drop the cached products of a cancelled order');
        }
      },
    });
    app.decorate('adminOrders', orders);
    await app.register(adminOrderRoutes, { prefix: '/api/admin', orders, proofs: app.paymentProofs });
    // Card refunds a stopped process left waiting for the provider are settled by one process at a time.
    runEvery(
      app,
      fiveMinutes,
      'could not settle the card refunds left waiting',
      oneProcessAtATime(database, 'settle-waiting-refunds', () => orders.settleWaitingRefunds()),
    );
  },
  { name: 'admin-orders', dependencies: ['orders', 'payments', 'audit', 'settings', 'shop-changes'] },
);
