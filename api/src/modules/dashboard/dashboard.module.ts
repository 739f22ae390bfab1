import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The back office's home: the shop's figures of today and this month, and what needs attention. */
export const dashboardModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    const dashboard = createDashboardService(createDashboardRepository(database.db));
    await app.register(dashboardRoutes, { prefix: '/api/admin', dashboard });
  },
  { name: 'dashboard', dependencies: ['orders'] },
);
