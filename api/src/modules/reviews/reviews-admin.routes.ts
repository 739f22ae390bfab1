import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewListSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  adminReviewUpdateSchema,
  idParamsSchema,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Under /api/admin: reviews by status, and their moderation. The admin guard admits the caller. */
export const reviewAdminRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get('/reviews/', { schema: { querystring: adminReviewQuerySchema, response: { 200: adminReviewListSchema } } }, (request) => {
    staffOf(request);
    return reviews.adminList(request.query);
  });

  app.patch(
    '/reviews/:id/',
    { schema: { params: idParamsSchema, body: adminReviewUpdateSchema, response: { 200: adminReviewSchema } } },
    (request) => reviews.moderate(staffOf(request), request.params.id, request.body),
  );
};
