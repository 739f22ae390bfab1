import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMeSchema } from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me/', { schema: { response: { 200: adminMeSchema } } }, (request) => staffOf(request));
};
