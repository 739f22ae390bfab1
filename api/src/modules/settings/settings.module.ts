import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { adminSettingsRoutes, storeRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

/** The owner's settings: delivery fees, free delivery, tax and the store's details. */
export const settingsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const settings = createSettingsService({
      database,
      repository: createSettingsRepository(database.db, database.dialect),
      audit: app.audit,
      publish: () => app.changes.publish('settings'),
    });
    app.decorate('settings', settings);
    app.changes.subscribe('settings', () => settings.forget());
    await app.register(adminSettingsRoutes, { prefix: '/api/admin', settings });
    await app.register(storeRoutes, { prefix: '/api', settings, paymentMethods: config.paymentMethods });
  },
  { name: 'settings', dependencies: ['audit', 'shop-changes'] },
);
