import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-access.ts';
import {
  adminCustomerDetailSchema,
  adminCustomerSchema,
  adminListSchema,
  customerSearchQuerySchema,
  idParamsSchema,
} from '@threadline/contracts';
import type { CustomerDirectoryService } from './customer-directory.service.ts';

export const customerDirectoryRoutes: FastifyPluginAsyncZod<{ directory: CustomerDirectoryService }> = async (app, { directory }) => {
  app.get(
    '/customers/',
    { schema: { querystring: customerSearchQuerySchema, response: { 200: adminListSchema(adminCustomerSchema) } } },
    (request) => {
      staffOf(request);
      return directory.list(request.query);
    },
  );

  app.get('/customers/:id/', { schema: { params: idParamsSchema, response: { 200: adminCustomerDetailSchema } } }, (request) => {
    staffOf(request);
    return directory.get(request.params.id);
  });
};
