import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { staffRoutes } from './staff.routes.ts';

/** The back office's own account calls: who is signed in. */
export const staffModule = fastifyPlugin<ShopModuleOptions>(
  async (app) => {
    await app.register(staffRoutes, { prefix: '/api/admin' });
  },
  { name: 'staff', dependencies: ['customers', 'audit'] },
);
