import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { messages, profilePictureLimits } from '@threadline/contracts';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustedProxies } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { forbidden, unauthorized } from './errors.ts';
import { createCartRepository } from './modules/cart/cart.repository.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes, crawlerRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createRatesRepository } from './modules/currency/rates.repository.ts';
import { ratesRoutes } from './modules/currency/rates.routes.ts';
import { createRatesService } from './modules/currency/rates.service.ts';
import { createContentRepository } from './modules/content/content.repository.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createUnsubscribeTokens } from './modules/content/newsletter-tokens.ts';
import { createAddressesRepository } from './modules/customers/addresses.repository.ts';
import { createAddressesService } from './modules/customers/addresses.service.ts';
import { createAuthService } from './modules/customers/auth.service.ts';
import { createCustomersRepository } from './modules/customers/customers.repository.ts';
import { customerRoutes, googleRoutes } from './modules/customers/customers.routes.ts';
import { createGoogleSignIn } from './modules/customers/google-sign-in.ts';
import { createProfileService } from './modules/customers/profile.service.ts';
import { createAccessTokens } from './modules/customers/tokens.ts';
import { createWishlistRepository } from './modules/customers/wishlist.repository.ts';
import { createWishlistService } from './modules/customers/wishlist.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createInventoryRepository } from './modules/inventory/inventory.repository.ts';
import { createInventoryService } from './modules/inventory/inventory.service.ts';
import { createCheckoutService } from './modules/orders/checkout.service.ts';
import { createOrdersRepository } from './modules/orders/orders.repository.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { createOrderLinks } from './modules/orders/order-links.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createCardProvider, takesTestPayments } from './modules/payments/card-provider.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { builtInCardProviderRoutes } from './modules/payments/built-in-card-provider.routes.ts';
import { createPromotionsRepository } from './modules/promotions/promotions.repository.ts';
import { createPromotionsService } from './modules/promotions/promotions.service.ts';
import { createSessionRepository } from './modules/session/session.repository.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { apiHeaders } from './plugins/api-headers.ts';
import { createMailer } from './mail/mailer.ts';
import { currentCustomer } from './plugins/current-customer.ts';
import { answerClientError, errorHandling } from './plugins/error-handling.ts';
import { forgetEndedWindows, rateLimits } from './plugins/rate-limit.ts';
import { sessionKeyAndCsrf } from './plugins/session-key.ts';
import { webApp } from './plugins/web-app.ts';

const ratesCheckIntervalMs = 60 * 60 * 1000;
// Cancels unpaid card orders that ran out of time and resends confirmation e-mails that were lost.
const unpaidOrderCheckMs = 60 * 1000;
// Removes guest sessions that never did anything and rate-limit counters whose window has ended.
const housekeepingMs = 60 * 60 * 1000;

/**
 * Fastify 5 trusts no hop for a plain number (it cannot check the nearest peer), so hops are a
 * function of the hop's distance: request.ip is then the address the outermost trusted proxy saw.
 */
function fastifyTrustProxy(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  if ('addresses' in trusted) return trusted.addresses;
  return trusted.hops === 0 ? false : (_address, hop) => hop < trusted.hops;
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyBaseLogger;
}

/** Builds the whole shop: ecosystem plugins, then the shop's own plugins, then the domain modules. */
export async function buildApp({ config, database, logger }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node swaps the two timeouts when the headers' one is the longer, so it must not be.
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      // Node looks for requests past their time every 30 s by default: a trickled body would run
      // half a minute over.
      connectionsCheckingInterval: 1000,
    },
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyMultipart, {
    limits: { fileSize: profilePictureLimits.megabytes * 1024 * 1024, files: 1, fields: 20 },
  });
  // Before every route: the OpenAPI document collects them as they are added.
  await app.register(apiDocs);

  const sessions = createSessionService(createSessionRepository(database.db), config.secretKey);
  const catalog = createCatalogService(createCatalogRepository(database.db, database.dialect));
  const promotions = createPromotionsService(createPromotionsRepository(database.db));
  const customersRepository = createCustomersRepository(database.db);
  const cart = createCartService(database, createCartRepository(database.db), promotions);
  const tokens = createAccessTokens(config.secretKey);
  const cartContext = async (request: FastifyRequest, required: boolean) => {
    // A stale bearer token must not quietly show the guest cart: the page refreshes and asks again.
    if (request.bearerRejected) throw unauthorized(messages.signInExpired);
    if (request.customerId !== null) {
      const customer = await customersRepository.findById(request.customerId);
      if (!customer) throw unauthorized(messages.signInExpired);
      return {
        owner: { userId: customer.id, sessionId: null },
        customer: { userId: customer.id, email: customer.email },
      };
    }
    // A guest's session is stored at its first write, not when GET /api/csrf/ hands out its key.
    const session = required ? await sessions.findOrStart(request.sessionKey) : await sessions.find(request.sessionKey);
    if (required && !session) throw forbidden(messages.sessionExpired);
    return { owner: { userId: null, sessionId: session?.id ?? null }, customer: null };
  };
  const viewerOf = async (request: FastifyRequest) => {
    const { owner } = await cartContext(request, false);
    return owner.userId !== null ? { userId: owner.userId, sessionId: null } : owner;
  };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
    log: (message, details) => app.log.info(details, message),
  });
  const content = createContentService({
    repository: createContentRepository(database.db),
    mailer,
    shopEmail: config.shopEmail,
    unsubscribeTokens: createUnsubscribeTokens(config.secretKey),
    publicUrl: config.publicUrl,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const auth = createAuthService({
    database,
    repository: customersRepository,
    tokens,
    mailer,
    adoptGuestCart: (sessionId, userId) => cart.adoptGuestCart(sessionId, userId),
    log: (message, error) => app.log.error({ err: error }, message),
    publicUrl: config.publicUrl,
  });
  const google = createGoogleSignIn(config.google, auth, customersRepository, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  const profile = createProfileService(customersRepository, config.mediaDir, database.db);
  const addresses = createAddressesService(database, createAddressesRepository(database.db, database.dialect));
  const wishlist = createWishlistService(createWishlistRepository(database.db), catalog);
  const guestSessionId = async (request: FastifyRequest) => (await sessions.find(request.sessionKey))?.id ?? null;
  const rates = createRatesService(createRatesRepository(database.db), config.ratesUrl, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  const inventory = createInventoryService(createInventoryRepository(database.db));
  const ordersRepository = createOrdersRepository(database.db);
  const orders = createOrdersService({
    database,
    repository: ordersRepository,
    inventory,
    promotions,
    catalog,
    mailer,
    log: (message, error) => app.log.error({ err: error }, message),
    links: createOrderLinks(config.secretKey),
    testPayments: takesTestPayments(config.stripe),
  });
  // Queued order and password reset e-mails go out before the transport closes.
  app.addHook('onClose', async () => {
    await Promise.all([orders.confirmationsSent(), auth.resetEmailsSent()]);
    mailer.close();
  });
  // The server's own loopback address, for the built-in card provider it calls and that calls it back.
  const ownAddress = () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    return new URL(`http://127.0.0.1:${port}`);
  };
  const checkout = createCheckoutService({
    database,
    orders: ordersRepository,
    cart,
    promotions,
    inventory,
    catalog,
    hasAccount: (email) => auth.hasAccount(email),
    unpaidOrderMinutes: config.unpaidOrderMinutes,
    rateFor: async (currency) => (await rates.current()).rates[currency] ?? 1,
    afterOrder: (order, request, context, { productIds, confirmationClaimed }) => {
      for (const productId of productIds) catalog.forgetProduct(productId);
      if (confirmationClaimed) orders.queueClaimedConfirmation(order, config.publicUrl);
      if (context.owner.userId !== null) {
        profile
          .rememberPhone(context.owner.userId, request.phone)
          .catch((error: unknown) => app.log.error({ err: error }, 'could not keep the phone from checkout'));
      }
      if (request.save_address && context.owner.userId !== null && request.shipping_method === 'delivery') {
        addresses
          .saveFromCheckout(context.owner.userId, {
            label: '',
            street_address: request.address_line1,
            apartment: request.address_line2,
            city: request.city,
            state: request.parish,
            postal_code: request.postal_code,
            country: request.country,
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'could not save the address from checkout'));
      }
    },
  });
  const cardProvider = createCardProvider(config.stripe, ownAddress);
  const payments = createPaymentsService({
    database,
    repository: createPaymentsRepository(database.db),
    orders,
    cart,
    provider: cardProvider,
    webhookSecret: config.stripe.webhookSecret,
    afterPaid: (orderId) => void orders.sendConfirmation(orderId, config.publicUrl),
    afterCancelled: async (orderId) => {
      try {
        for (const productId of await orders.productIdsOf(orderId)) catalog.forgetProduct(productId);
      } catch (error) {
        app.log.error({ err: error }, 'could not drop the cached products of a cancelled order');
      }
    },
    log: (message, details) => app.log.warn({ details }, message),
  });

  await app.register(errorHandling);
  await app.register(apiHeaders);
  await app.register(sessionKeyAndCsrf, { sessions });
  await app.register(rateLimits, { db: database.db, scale: config.rateLimitScale });
  await app.register(currentCustomer, { customerOf: (accessToken) => auth.customerOf(accessToken) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(sessionRoutes, { sessions, cookieSecure: config.cookieSecure });
      await api.register(catalogRoutes, { catalog });
      await api.register(ratesRoutes, { rates });
      await api.register(contentRoutes, { content, publicUrl: config.publicUrl });
      await api.register(cartRoutes, { cart, cartContext });
      await api.register(customerRoutes, { auth, profile, addresses, wishlist, guestSessionId });
      await api.register(googleRoutes, { google, guestSessionId });
      await api.register(orderRoutes, { checkout, orders, cartContext, viewerOf });
      await api.register(paymentRoutes, { payments, viewerOf, publicUrl: config.publicUrl });
    },
    { prefix: '/api' },
  );

  if (cardProvider.isBuiltIn) {
    app.addHook('onReady', async () => {
      app.log.warn('STRIPE_SECRET_KEY is not set: card payments are test payments on the built-in test card provider, and no money is taken');
    });
    await app.register(builtInCardProviderRoutes, {
      db: database.db,
      webhookSecret: config.stripe.webhookSecret,
      webhookUrl: () => new URL('/api/orders/payment/stripe/webhook/', ownAddress()).toString(),
      publicUrl: config.publicUrl,
      log: (message, error) => app.log.warn({ err: error }, message),
    });
  }

  let expiryTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    expiryTimer = setInterval(() => {
      payments.cancelUnpaidOrders().catch((error: unknown) => app.log.error({ err: error }, 'could not cancel expired orders'));
      orders
        .resendUnmailedConfirmations(config.publicUrl)
        .catch((error: unknown) => app.log.error({ err: error }, 'could not send unmailed confirmations'));
    }, unpaidOrderCheckMs);
    expiryTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(expiryTimer));

  let housekeepingTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    housekeepingTimer = setInterval(() => {
      sessions.forgetUnused().catch((error: unknown) => app.log.error({ err: error }, 'could not remove unused guest sessions'));
      forgetEndedWindows(database.db).catch((error: unknown) => app.log.error({ err: error }, 'could not remove ended rate-limit windows'));
    }, housekeepingMs);
    housekeepingTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(housekeepingTimer));

  if (config.ratesUrl) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void rates.refreshIfDue();
      timer = setInterval(() => void rates.refreshIfDue(), ratesCheckIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  await app.register(crawlerRoutes, { catalog, publicUrl: config.publicUrl });
  await app.register(webApp, { webDistDir: config.webDistDir, mediaDir: config.mediaDir, publicUrl: config.publicUrl });
  return app;
}
