import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReturnListSchema,
  adminReturnQuerySchema,
  idParamsSchema,
  returnActionResponseSchema,
  returnRefundRequestSchema,
  returnStatusRequestSchema,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { ReturnsService } from './returns.service.ts';

/** Under /api/admin: returns by status, their moves, refunds and exchanges. The admin guard admits the caller. */
export const returnAdminRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (app, { returns }) => {
  app.get('/returns/', { schema: { querystring: adminReturnQuerySchema, response: { 200: adminReturnListSchema } } }, (request) => {
    staffOf(request);
    return returns.adminList(request.query);
  });

  app.post(
    '/returns/:id/status/',
    { schema: { params: idParamsSchema, body: returnStatusRequestSchema, response: { 200: returnActionResponseSchema } } },
    (request) => returns.changeStatus(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/returns/:id/refund/',
    { schema: { params: idParamsSchema, body: returnRefundRequestSchema, response: { 200: returnActionResponseSchema } } },
    (request) => returns.refund(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/returns/:id/exchange/',
    {
      schema: {
        description: 'Makes the order of a received exchange (source: exchange) and settles the price difference.',
        params: idParamsSchema,
        response: { 200: returnActionResponseSchema },
      },
    },
    (request) => returns.exchange(staffOf(request), request.params.id),
  );
};
