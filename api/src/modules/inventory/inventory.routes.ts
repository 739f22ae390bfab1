import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListSchema,
  adminPageQuerySchema,
  idParamsSchema,
  stockAdjustmentSchema,
  stockAnswerSchema,
  stockListQuerySchema,
  stockMovementSchema,
  stockRowSchema,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { StockAdminService } from './stock-admin.service.ts';

/** Under /api/admin: the stock page, a variant's movements and staff adjustments. */
export const stockAdminRoutes: FastifyPluginAsyncZod<{ stock: StockAdminService }> = async (app, { stock }) => {
  app.get('/stock/', { schema: { querystring: stockListQuerySchema, response: { 200: adminListSchema(stockRowSchema) } } }, (request) => {
    staffOf(request);
    return stock.list(request.query);
  });

  app.post(
    '/variants/:id/stock/',
    { schema: { params: idParamsSchema, body: stockAdjustmentSchema, response: { 200: stockAnswerSchema } } },
    (request) => stock.adjust(staffOf(request), request.params.id, request.body),
  );

  app.get(
    '/variants/:id/movements/',
    { schema: { params: idParamsSchema, querystring: adminPageQuerySchema, response: { 200: adminListSchema(stockMovementSchema) } } },
    (request) => {
      staffOf(request);
      return stock.movements(request.params.id, request.query);
    },
  );
};
