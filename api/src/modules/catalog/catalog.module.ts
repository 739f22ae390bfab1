import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createCatalogAdminRepository } from './catalog-admin.repository.ts';
import { catalogAdminRoutes } from './catalog-admin.routes.ts';
import { createCatalogAdminService } from './catalog-admin.service.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes, crawlerRoutes } from './catalog.routes.ts';
import { createCatalogService, type CatalogService } from './catalog.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

/** Products and categories under /api and /api/admin, and sitemap.xml and robots.txt for crawlers. */
export const catalogModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const catalog = createCatalogService(createCatalogRepository(database.db, database.dialect));
    app.decorate('catalog', catalog);
    await app.register(catalogRoutes, { prefix: '/api', catalog });
    await app.register(crawlerRoutes, { catalog, publicUrl: config.publicUrl });
    const catalogAdmin = createCatalogAdminService({
      repository: createCatalogAdminRepository(database.db, database.dialect),
      database,
      inventory: app.inventory,
      audit: app.audit,
      changes: app.changes,
    });
    await app.register(catalogAdminRoutes, { prefix: '/api/admin', catalogAdmin });
  },
  { name: 'catalog', dependencies: ['inventory', 'audit', 'shop-changes'] },
);
