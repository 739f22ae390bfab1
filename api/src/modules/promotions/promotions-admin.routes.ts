import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListSchema,
  adminPromotionSchema,
  idParamsSchema,
  promotionCreateSchema,
  promotionListQuerySchema,
  promotionUpdateSchema,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { PromotionsAdminService } from './promotions-admin.service.ts';

export const promotionsAdminRoutes: FastifyPluginAsyncZod<{ promotions: PromotionsAdminService }> = async (app, { promotions }) => {
  app.get(
    '/promotions/',
    { schema: { querystring: promotionListQuerySchema, response: { 200: adminListSchema(adminPromotionSchema) } } },
    (request) => {
      staffOf(request);
      return promotions.list(request.query);
    },
  );

  app.post('/promotions/', { schema: { body: promotionCreateSchema, response: { 201: adminPromotionSchema } } }, async (request, reply) =>
    reply.status(201).send(await promotions.create(staffOf(request), request.body)),
  );

  app.get('/promotions/:id/', { schema: { params: idParamsSchema, response: { 200: adminPromotionSchema } } }, (request) => {
    staffOf(request);
    return promotions.get(request.params.id);
  });

  app.patch(
    '/promotions/:id/',
    { schema: { params: idParamsSchema, body: promotionUpdateSchema, response: { 200: adminPromotionSchema } } },
    (request) => promotions.update(staffOf(request), request.params.id, request.body),
  );
};
