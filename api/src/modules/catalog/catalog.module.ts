import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createCatalogImport } from './catalog-import.ts';
import { createCatalogImportRepository } from './catalog-import.repository.ts';
import { catalogImportRoutes } from './catalog-import.routes.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes, crawlerRoutes } from './catalog.routes.ts';
import { createCatalogService, type CatalogService } from './catalog.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

/** Products and categories under /api, and sitemap.xml and robots.txt for crawlers. */
export const catalogModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const catalog = createCatalogService(createCatalogRepository(database.db, database.dialect));
    app.decorate('catalog', catalog);
    app.changes.subscribe('catalog', () => catalog.forgetAll());
    await app.register(catalogRoutes, { prefix: '/api', catalog });
    await app.register(crawlerRoutes, { catalog, publicUrl: config.publicUrl });
    const imports = createCatalogImport({
      database,
      repository: createCatalogImportRepository(database.db, database.dialect),
      inventory: app.inventory,
      audit: app.audit,
      catalogChanged: () => app.changes.publish('catalog'),
    });
    await app.register(catalogImportRoutes, { prefix: '/api/admin', imports });
  },
  { name: 'catalog', dependencies: ['inventory', 'audit'] },
);
