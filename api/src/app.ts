import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { profilePictureLimits } from '@threadline/contracts';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { compressionThreshold } from './http-caching.ts';
import { shopModules } from './modules/shop-modules.ts';
import { apiDocs } from './plugins/api-docs.ts';
import { apiHeaders } from './plugins/api-headers.ts';
import { closingConnections } from './plugins/closing-connections.ts';
import { answerClientError, errorHandling } from './plugins/error-handling.ts';
import { mail } from './plugins/mail.ts';
import { media } from './plugins/media.ts';
import { metrics } from './plugins/metrics.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { requestIdOf, requestIds } from './plugins/request-id.ts';
import { sessionKeyAndCsrf } from './plugins/session-key.ts';
import { shopChanges } from './plugins/shop-changes.ts';
import { shopper } from './plugins/shopper.ts';
import { staffAccess } from './plugins/staff-access.ts';
import { webApp } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyBaseLogger;
}

/**
 * Builds the whole shop: ecosystem plugins, then the shop's own plugins (which read the modules'
 * services at request time), then the modules, each after the ones whose services it uses.
 */
export async function buildApp({ config, database, logger }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    // Node swaps the two timeouts when the headers' one is the longer; it looks for requests past
    // their time every 30 s by default, so a trickled body would run half a minute over.
    http: { headersTimeout: Math.min(60_000, config.requestTimeoutMs), connectionsCheckingInterval: 1000 },
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: compressionThreshold });
  await app.register(fastifyMultipart, { limits: { fileSize: profilePictureLimits.megabytes * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(apiDocs); // before every route: the OpenAPI document collects them as they are added

  await app.register(requestIds);
  await app.register(closingConnections);
  await app.register(errorHandling);
  await app.register(metrics, { token: config.metricsToken, database });
  await app.register(apiHeaders);
  await app.register(sessionKeyAndCsrf);
  await app.register(rateLimits, { database, scale: config.rateLimitScale });
  await app.register(shopper);
  await app.register(staffAccess, { requireSecondFactor: config.adminRequire2fa });
  await app.register(mail, { config });
  await app.register(shopChanges, { database, databaseUrl: config.databaseDirectUrl });
  await app.register(media, { config: config.media });

  for (const module of shopModules) await app.register(module, { config, database });

  await app.register(webApp, { webDistDir: config.webDistDir, mediaPublicUrl: config.media.publicUrl, publicUrl: config.publicUrl });
  return app;
}
