import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { healthRoutes } from './health.routes.ts';

export const healthModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    await app.register(healthRoutes, { prefix: '/api', database });
  },
  { name: 'health' },
);
