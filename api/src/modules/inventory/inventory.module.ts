import fastifyPlugin from 'fastify-plugin';
import { runEvery } from '../../timed-job.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import { stockAdminRoutes } from './inventory.routes.ts';
import { createInventoryService, type InventoryService } from './inventory.service.ts';
import { createProductStockRepository } from './product-stock.repository.ts';
import { createStockAdminService } from './stock-admin.service.ts';
import { createStockSummaries, type StockSummaries } from './stock-summaries.ts';
import { createVariantBatches, type VariantBatches } from './variant-batches.ts';
import { createVariantBatchesRepository } from './variant-batches.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inventory: InventoryService & VariantBatches & { summaries: StockSummaries };
  }
}

/** How often one process catches the in-stock summaries up with the stock movements (ADR 36). */
const summariesCatchUpMs = 30_000;

/** Stock and its movements; orders and payments take and return stock through its service, staff adjust it. */
export const inventoryModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    const repository = createInventoryRepository(database.db);
    const productStock = createProductStockRepository(database.db);
    const summaries = createStockSummaries({
      database,
      productStock,
      announce: (productIds) => app.changes.publish('stock-summaries', productIds),
      failed: (error) => app.log.error({ err: error }, 'could not bring in-stock summaries up to date; the next catch-up will'),
    });
    app.decorate('inventory', {
      ...createInventoryService(repository, productStock),
      ...createVariantBatches(createVariantBatchesRepository(database.db, database.dialect), productStock),
      summaries,
    });
    // A stock change made here names its products once committed (an order, a cancellation, an
    // adjustment); the process that made it refreshes them. One that stopped first is caught up.
    app.changes.subscribe('catalog', (products, origin) => {
      if (products && origin === 'here') summaries.refresh(products);
    });
    runEvery(app, summariesCatchUpMs, 'catching the in-stock summaries up with the stock movements failed', summaries.catchUp, {
      alsoAtStart: true,
    });
    app.addHook('onClose', () => summaries.settled());
    const stock = createStockAdminService({ database, repository, productStock, audit: app.audit, changes: app.changes });
    await app.register(stockAdminRoutes, { prefix: '/api/admin', stock });
  },
  { name: 'inventory', dependencies: ['audit', 'shop-changes'] },
);
