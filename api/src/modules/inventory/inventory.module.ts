import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import { createInventoryService, type InventoryService } from './inventory.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    inventory: InventoryService;
  }
}

/** Stock and its movements; orders and payments take and return stock through its service. */
export const inventoryModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    app.decorate('inventory', createInventoryService(createInventoryRepository(database.db)));
  },
  { name: 'inventory' },
);
