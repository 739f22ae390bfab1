import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-access.ts';
import { adminListSchema, auditEntrySchema, auditQuerySchema } from '@threadline/contracts';
import type { AuditService } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get('/audit/', { schema: { querystring: auditQuerySchema, response: { 200: adminListSchema(auditEntrySchema) } } }, (request) => {
    staffOf(request);
    return audit.list(request.query);
  });
};
