import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createCatalogImport } from './catalog-import.ts';
import { createCatalogImportRepository } from './catalog-import.repository.ts';
import { catalogImportRoutes } from './catalog-import.routes.ts';
import { createCatalogAdminRepository } from './catalog-admin.repository.ts';
import { catalogAdminRoutes } from './catalog-admin.routes.ts';
import { createCatalogAdminService } from './catalog-admin.service.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes, crawlerRoutes } from './catalog.routes.ts';
import { createCatalogService, type CatalogService } from './catalog.service.ts';
import { createProductImagesRepository } from './product-images.repository.ts';
import { productImageRoutes } from './product-images.routes.ts';
import { createProductImagesService } from './product-images.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
  }
}

/** Products and categories under /api and /api/admin, and sitemap.xml and robots.txt for crawlers. */
export const catalogModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const catalog = createCatalogService(createCatalogRepository(database.db, database.dialect), app.media.urls);
    app.decorate('catalog', catalog);
    // A stock change (order, cancellation, adjustment) names its products; any other change to the
    // catalogue drops every cached answer. The server-rendered pages keep themselves in step (web-app).
    app.changes.subscribe('catalog', (products) => (products ? catalog.forgetStockOf(products) : catalog.forgetAll()));
    // Their in-stock summaries follow a moment after an order (ADR 36): what was read in between goes too.
    app.changes.subscribe('stock-summaries', (products) => {
      if (products) catalog.forgetStockOf(products);
    });
    await app.register(catalogRoutes, { prefix: '/api', catalog });
    await app.register(crawlerRoutes, { catalog, publicUrl: config.publicUrl });
    const imports = createCatalogImport({
      database,
      repository: createCatalogImportRepository(database.db, database.dialect),
      inventory: app.inventory,
      audit: app.audit,
      catalogChanged: () => app.changes.publish('catalog'),
    });
    app.addHook('onClose', () => imports.close());
    await app.register(catalogImportRoutes, { prefix: '/api/admin', imports, waitMs: config.catalogImportWaitMs });
    const images = createProductImagesService({
      database,
      repository: createProductImagesRepository(database.db),
      audit: app.audit,
      changes: app.changes,
      media: app.media,
    });
    await app.register(productImageRoutes, { prefix: '/api/admin', images });
    const catalogAdmin = createCatalogAdminService({
      repository: createCatalogAdminRepository(database.db, database.dialect),
      database,
      inventory: app.inventory,
      audit: app.audit,
      changes: app.changes,
      mediaUrls: app.media.urls,
    });
    await app.register(catalogAdminRoutes, { prefix: '/api/admin', catalogAdmin });
  },
  { name: 'catalog', dependencies: ['inventory', 'audit', 'shop-changes', 'media'] },
);
