import fastifyPlugin from 'fastify-plugin';
import { createOrderLinks } from '../orders/order-links.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { returnAdminRoutes } from './returns-admin.routes.ts';
import { createReturnsRepository } from './returns.repository.ts';
import { returnRoutes } from './returns.routes.ts';
import { createReturnsService } from './returns.service.ts';

/** Returns and exchanges (KINGSTON.md §7): asked by customers, moved on, refunded and exchanged by staff. */
export const returnsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const returns = createReturnsService({
      database,
      repository: createReturnsRepository(database.db),
      orders: app.orders,
      adminOrders: app.adminOrders,
      inventory: app.inventory,
      audit: app.audit,
      mailer: app.mail.mailer,
      links: createOrderLinks(config.secretKey),
      storeContact: app.settings.contact,
      charges: () => app.settings.current(),
      productsChanged: (productIds) => app.changes.publish('catalog', productIds),
      log: (message, error) => app.log.error({ err: error }, message),
      publicUrl: config.publicUrl,
    });
    // The order page's refund puts units back in stock through this module, which counts them with the returns.
    app.adminOrders.restockRefundsWith(returns.restockWithRefund);
    await app.register(returnRoutes, { prefix: '/api', returns });
    await app.register(returnAdminRoutes, { prefix: '/api/admin', returns });
  },
  { name: 'returns', dependencies: ['orders', 'admin-orders', 'inventory', 'audit', 'mail', 'settings', 'shop-changes'] },
);
