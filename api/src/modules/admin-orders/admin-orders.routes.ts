import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderQuerySchema,
  adminOrderSchema,
  adminOrderListSchema,
  markPaidRequestSchema,
  newOrdersCountSchema,
  newOrdersQuerySchema,
  orderActionResponseSchema,
  orderIdParamsSchema as params,
  orderRefundRequestSchema,
  orderStatusChangeSchema,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';

const pdf = z.instanceof(Buffer).describe('application/pdf');

export const adminOrderRoutes: FastifyPluginAsyncZod<{ orders: AdminOrdersService }> = async (app, { orders }) => {
  app.get('/orders/', { schema: { querystring: adminOrderQuerySchema, response: { 200: adminOrderListSchema } } }, (request) => {
    staffOf(request);
    return orders.list(request.query);
  });

  app.get('/orders/new-count/', { schema: { querystring: newOrdersQuerySchema, response: { 200: newOrdersCountSchema } } }, (request) => {
    staffOf(request);
    return orders.newCount(request.query.since);
  });

  app.get('/orders/:id/', { schema: { params, response: { 200: adminOrderSchema } } }, (request) => {
    staffOf(request);
    return orders.detail(request.params.id);
  });

  app.post('/orders/:id/status/', { schema: { params, body: orderStatusChangeSchema, response: { 200: orderActionResponseSchema } } }, (request) =>
    orders.changeStatus(staffOf(request), request.params.id, request.body),
  );

  app.post('/orders/:id/mark-paid/', { schema: { params, body: markPaidRequestSchema, response: { 200: orderActionResponseSchema } } }, (request) =>
    orders.markPaid(staffOf(request), request.params.id, request.body),
  );

  app.post('/orders/:id/refund/', { schema: { params, body: orderRefundRequestSchema, response: { 200: orderActionResponseSchema } } }, (request) =>
    orders.refund(staffOf(request), request.params.id, request.body),
  );

  app.get('/orders/:id/invoice/', { schema: { params, response: { 200: pdf } } }, async (request, reply) => {
    staffOf(request);
    const { fileName, pdf: document } = await orders.invoice(request.params.id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(document);
  });
};
