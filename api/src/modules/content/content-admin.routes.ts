import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminContactMessageSchema,
  adminListSchema,
  adminMessageListSchema,
  adminSubscriberSchema,
  idParamsSchema,
  messageListQuerySchema,
  messageUpdateSchema,
  newsletterQuerySchema,
  type AdminList,
  type AdminSubscriber,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { ContentAdminService } from './content-admin.service.ts';

export const contentAdminRoutes: FastifyPluginAsyncZod<{ content: ContentAdminService }> = async (app, { content }) => {
  app.get('/messages/', { schema: { querystring: messageListQuerySchema, response: { 200: adminMessageListSchema } } }, (request) => {
    staffOf(request);
    return content.messages(request.query);
  });

  app.patch(
    '/messages/:id/',
    { schema: { params: idParamsSchema, body: messageUpdateSchema, response: { 200: adminContactMessageSchema } } },
    (request) => content.markMessage(staffOf(request), request.params.id, request.body.read),
  );

  // The CSV goes out as a stream, which Fastify sends as it is (a stream is never serialized); the
  // response schema describes the JSON list, the answer without `format=csv`.
  app.get(
    '/newsletter/',
    {
      schema: {
        description: 'Subscribers, paged; with `format=csv`, every subscriber the filter covers as a `text/csv` file.',
        querystring: newsletterQuerySchema,
        response: { 200: adminListSchema(adminSubscriberSchema) },
      },
    },
    async (request, reply) => {
      staffOf(request);
      return request.query.format === 'csv'
        ? reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${content.csvFileName(request.query)}"`)
            .send(content.subscribersCsv(request.query) as unknown as AdminList<AdminSubscriber>)
        : content.subscribers(request.query);
    },
  );
};
