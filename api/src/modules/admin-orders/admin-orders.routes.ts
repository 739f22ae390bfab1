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
  paymentProofParamsSchema,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { PaymentProofs } from '../payments/payment-proofs.service.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';

const pdf = z.instanceof(Buffer).describe('application/pdf');
const proofFile = z.instanceof(Buffer).describe('The proof as sent: image/png, image/jpeg, image/webp or application/pdf');

export const adminOrderRoutes: FastifyPluginAsyncZod<{ orders: AdminOrdersService; proofs: PaymentProofs }> = async (
  app,
  { orders, proofs },
) => {
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

  app.post(
    '/orders/:id/status/',
    { schema: { params, body: orderStatusChangeSchema, response: { 200: orderActionResponseSchema } } },
    (request) => orders.changeStatus(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/mark-paid/',
    { schema: { params, body: markPaidRequestSchema, response: { 200: orderActionResponseSchema } } },
    (request) => orders.markPaid(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/refund/',
    { schema: { params, body: orderRefundRequestSchema, response: { 200: orderActionResponseSchema } } },
    (request) => orders.refund(staffOf(request), request.params.id, request.body),
  );

  // KINGSTON.md §1: only staff ever read a proof of payment; it is the customer's bank statement.
  app.get(
    '/orders/:id/payment-proofs/:proof_id/',
    { schema: { params: paymentProofParamsSchema, response: { 200: proofFile } } },
    async (request, reply) => {
      staffOf(request);
      const { bytes, contentType, fileName } = await proofs.open(request.params.id, request.params.proof_id);
      return reply
        .type(contentType)
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.get('/orders/:id/invoice/', { schema: { params, response: { 200: pdf } } }, async (request, reply) => {
    staffOf(request);
    const { fileName, pdf: document } = await orders.invoice(request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(document);
  });
};
