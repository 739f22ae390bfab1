import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-access.ts';
import { adminDashboardSchema } from '@threadline/contracts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get('/dashboard/', { schema: { response: { 200: adminDashboardSchema } } }, (request) => {
    staffOf(request);
    return dashboard.dashboard();
  });
};
