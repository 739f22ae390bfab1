import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createContentAdminRepository } from './content-admin.repository.ts';
import { contentAdminRoutes } from './content-admin.routes.ts';
import { createContentAdminService } from './content-admin.service.ts';
import { createContentRepository } from './content.repository.ts';
import { contentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';
import { createUnsubscribeTokens } from './newsletter-tokens.ts';

/** The contact form and the newsletter; staff read the messages and the subscribers. */
export const contentModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const content = createContentService({
      repository: createContentRepository(database.db),
      mailer: app.mail.mailer,
      storeContact: app.settings.contact,
      shopEmail: config.shopEmail,
      unsubscribeTokens: createUnsubscribeTokens(config.secretKey),
      publicUrl: config.publicUrl,
      log: (message, error) => app.log.error({ err: error }, message),
    });
    await app.register(contentRoutes, { prefix: '/api', content, publicUrl: config.publicUrl });
    const admin = createContentAdminService({ database, repository: createContentAdminRepository(database.db), audit: app.audit });
    await app.register(contentAdminRoutes, { prefix: '/api/admin', content: admin });
  },
  { name: 'content', dependencies: ['mail', 'audit', 'settings'] },
);
