import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import { stockAdminRoutes } from './inventory.routes.ts';
import { createInventoryService, type InventoryService } from './inventory.service.ts';
import { createProductStockRepository } from './product-stock.repository.ts';
import { createStockAdminService } from './stock-admin.service.ts';
import { createVariantBatches, type VariantBatches } from './variant-batches.ts';
import { createVariantBatchesRepository } from './variant-batches.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inventory: InventoryService & VariantBatches;
  }
}

/** Stock and its movements; orders and payments take and return stock through its service, staff adjust it. */
export const inventoryModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    const repository = createInventoryRepository(database.db);
    const productStock = createProductStockRepository(database.db);
    app.decorate('inventory', {
      ...createInventoryService(repository, productStock),
      ...createVariantBatches(createVariantBatchesRepository(database.db, database.dialect), productStock),
    });
    const stock = createStockAdminService({ database, repository, productStock, audit: app.audit, changes: app.changes });
    await app.register(stockAdminRoutes, { prefix: '/api/admin', stock });
  },
  { name: 'inventory', dependencies: ['audit', 'shop-changes'] },
);
