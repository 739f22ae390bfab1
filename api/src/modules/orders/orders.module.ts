import fastifyPlugin from 'fastify-plugin';
import { oneProcessAtATime, runEvery } from '../../timed-job.ts';
import { takesNoMoney, takesTestPayments } from '../payments/card-provider.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { afterOrderPlaced } from './after-order.ts';
import { createCheckoutService } from './checkout.service.ts';
import { createOrderLinks } from './order-links.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { orderRoutes } from './orders.routes.ts';
import { createOrdersService, type OrdersService } from './orders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

const oneMinute = 60 * 1000;

/** Checkout, the shopper's orders, their confirmation e-mails and the e-mails of their changes. */
export const ordersModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const repository = createOrdersRepository(database.db, database.dialect);
    const { catalog, inventory, promotions } = app;
    const orders = createOrdersService({
      database,
      repository,
      inventory,
      promotions,
      catalog,
      mailer: app.mail.mailer,
      storeContact: app.settings.contact,
      pickupPoints: async () => (await app.settings.current()).pickup_points,
      bankTransfer: app.settings.bankTransfer,
      storeTax: app.settings.tax,
      log: (message, error) => app.log.error({ err: error }, message),
      links: createOrderLinks(config.secretKey),
      testPayments: takesTestPayments(config.stripe),
      noMoneyTaken: takesNoMoney(config.stripe),
      shopEmail: config.shopEmail,
    });
    app.decorate('orders', orders);
    // The settings module comes first, so it is told here how to count the orders at a pickup point.
    app.settings.keepPickupPointsInUse((codes, trx) => orders.openOrdersAt(codes, trx));
    app.mail.waitOnClose(() => orders.confirmationsSent());
    app.mail.waitOnClose(() => orders.updatesSent());
    const checkout = createCheckoutService({
      database,
      orders: repository,
      cart: app.cart,
      promotions,
      inventory,
      catalog,
      hasAccount: (email) => app.auth.hasAccount(email),
      unpaidOrderMinutes: config.unpaidOrderMinutes,
      paymentMethods: config.paymentMethods,
      charges: () => app.settings.current(),
      pickupPointKept: (point, trx) => app.settings.offersPickupPoint(point, trx),
      payments: () => app.settings.payments(),
      rateFor: async (currency) => (await app.rates.current()).rates[currency] ?? 1,
      soldNoticeWrites: (productIds) => app.changes.noticeWrites('catalog', productIds),
      afterOrder: afterOrderPlaced(app, config.publicUrl),
    });
    await app.register(orderRoutes, { prefix: '/api', checkout, orders });
    // Confirmations whose sending was lost (the process died, or SMTP was down) go out again.
    runEvery(
      app,
      oneMinute,
      'could not send unmailed confirmations',
      oneProcessAtATime(database, 'resend-unmailed-confirmations', () => orders.resendUnmailedConfirmations(config.publicUrl)),
    );
    // So do the customers' status e-mails (shipped, delivered, cancelled, refunded), each after a growing wait.
    runEvery(
      app,
      oneMinute,
      'could not send due order update e-mails',
      oneProcessAtATime(database, 'send-due-order-updates', () => orders.sendDueUpdates(config.publicUrl)),
    );
    // Unpaid bank transfers are reminded once, a day after they were placed (their cancelling is the payments module's unpaid-order job).
    runEvery(
      app,
      oneMinute,
      'could not remind unpaid bank transfers',
      oneProcessAtATime(database, 'remind-unpaid-transfers', () => orders.remindUnpaidTransfers(config.publicUrl)),
    );
  },
  {
    name: 'orders',
    dependencies: ['mail', 'settings', 'catalog', 'inventory', 'promotions', 'cart', 'customers', 'rates', 'shop-changes'],
  },
);
