import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import { createInventoryService, type InventoryService } from './inventory.service.ts';
import { createVariantBatches, type VariantBatches } from './variant-batches.ts';
import { createVariantBatchesRepository } from './variant-batches.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inventory: InventoryService & VariantBatches;
  }
}

/** Stock and its movements; orders and payments take and return stock through its service. */
export const inventoryModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    app.decorate('inventory', {
      ...createInventoryService(createInventoryRepository(database.db)),
      ...createVariantBatches(createVariantBatchesRepository(database.db, database.dialect)),
    });
  },
  { name: 'inventory' },
);
