import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  orderLinkQuerySchema,
  returnLimits,
  returnListSchema,
  returnRequestSchema,
  returnSchema,
} from '@threadline/contracts';
import { orderViewerOf } from '../orders/order-viewer.ts';
import type { ReturnsService } from './returns.service.ts';

/** Under /api: an order's returns, for its owner or whoever holds its e-mail's link (`?token=`), as the order itself. */
export const returnRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (app, { returns }) => {
  app.get(
    '/orders/:id/returns/',
    { schema: { params: idParamsSchema, querystring: orderLinkQuerySchema, response: { 200: returnListSchema } } },
    async (request) => returns.list(await orderViewerOf(request), request.params.id, request.query.token),
  );

  app.post(
    '/orders/:id/returns/',
    {
      schema: {
        description: `Asks to return items of a delivered order, within ${returnLimits.windowDays} days of its delivery, for the money back or another size or colour.`,
        params: idParamsSchema,
        querystring: orderLinkQuerySchema,
        body: returnRequestSchema,
        response: { 201: returnSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await returns.request(await orderViewerOf(request), request.params.id, request.query.token, request.body)),
  );
};
