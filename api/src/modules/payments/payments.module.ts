import fastifyPlugin from 'fastify-plugin';
import { oneProcessAtATime, runEvery } from '../../timed-job.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createCardProvider } from './card-provider.ts';
import { createPowerTranzGateway } from './powertranz-gateway.ts';
import { createPaymentProofs, type PaymentProofs } from './payment-proofs.service.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { paymentRoutes, powertranzPageRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
    paymentProofs: PaymentProofs;
  }
}
import { builtInCardProviderRoutes } from './built-in-card-provider.routes.ts';

const oneMinute = 60 * 1000;

/** Card payments (Stripe Checkout or the built-in test card provider this module then serves, and PowerTranz), and proofs of bank transfers. */
export const paymentsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const { orders } = app;
    // The server's own loopback address, for the built-in card provider it calls and that calls it back.
    const ownAddress = () => {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return new URL(`http://127.0.0.1:${port}`);
    };
    const cardProvider = createCardProvider(config.stripe, ownAddress);
    const repository = createPaymentsRepository(database.db);
    const payments = createPaymentsService({
      database,
      repository,
      orders,
      cart: app.cart,
      provider: cardProvider,
      powertranz: config.powertranz ? createPowerTranzGateway(config.powertranz) : null,
      publicUrl: config.publicUrl,
      webhookSecret: config.stripe.webhookSecret,
      afterPaid: (orderId) => void orders.sendConfirmation(orderId, config.publicUrl),
      afterCancelled: async (orderId) => {
        try {
          await app.changes.publish('catalog', await orders.productIdsOf(orderId));
        } catch (error) {
          app.log.error({ err: error }, 'could not drop the cached products of a cancelled order');
        }
      },
      log: (message, details) => app.log.warn({ details }, message),
      counted: (outcome) => app.metrics.payment(outcome),
    });
    const proofs = createPaymentProofs({ repository, orders, store: app.media.store, publicUrl: config.publicUrl });
    app.decorate('payments', payments);
    app.decorate('paymentProofs', proofs);
    await app.register(paymentRoutes, { prefix: '/api', payments, proofs, publicUrl: config.publicUrl });
    if (config.powertranz) await app.register(powertranzPageRoutes, { payments, proofs, publicUrl: config.publicUrl });
    // Card orders and bank transfers left unpaid past their hold are cancelled and their stock put back.
    runEvery(
      app,
      oneMinute,
      'could not cancel expired orders',
      oneProcessAtATime(database, 'cancel-unpaid-orders', () => payments.cancelUnpaidOrders()),
    );
    if (!cardProvider.isBuiltIn) return;
    app.addHook('onReady', async () => {
      app.log.warn(
        'STRIPE_SECRET_KEY is not set: card payments are test payments on the built-in test card provider, and no money is taken',
      );
    });
    await app.register(builtInCardProviderRoutes, {
      db: database.db,
      webhookSecret: config.stripe.webhookSecret,
      webhookUrl: () => new URL('/api/orders/payment/stripe/webhook/', ownAddress()).toString(),
      publicUrl: config.publicUrl,
      log: (message, error) => app.log.warn({ err: error }, message),
    });
  },
  { name: 'payments', dependencies: ['orders', 'cart', 'shop-changes', 'media'] },
);
