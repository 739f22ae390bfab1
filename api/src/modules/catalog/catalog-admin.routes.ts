import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCategoryCreateSchema,
  adminCategoryQuerySchema,
  adminCategorySchema,
  adminCategoryUpdateSchema,
  adminListSchema,
  adminProductCreateSchema,
  adminProductListSchema,
  adminProductQuerySchema,
  adminProductRemovalSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminRemovedSchema,
  adminVariantCreateSchema,
  adminVariantSchema,
  adminVariantUpdateSchema,
  idParamsSchema,
} from '@threadline/contracts';
import { staffOf } from '../../plugins/staff-access.ts';
import type { CatalogAdminService } from './catalog-admin.service.ts';

/** The back office's products, variants and categories, under /api/admin (staff-access guards the door). */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ catalogAdmin: CatalogAdminService }> = async (app, { catalogAdmin }) => {
  app.get('/products/', { schema: { querystring: adminProductQuerySchema, response: { 200: adminProductListSchema } } }, (request) => {
    staffOf(request);
    return catalogAdmin.list(request.query);
  });

  app.post('/products/', { schema: { body: adminProductCreateSchema, response: { 201: adminProductSchema } } }, async (request, reply) =>
    reply.status(201).send(await catalogAdmin.create(staffOf(request), request.body)),
  );

  app.get('/products/:id/', { schema: { params: idParamsSchema, response: { 200: adminProductSchema } } }, (request) => {
    staffOf(request);
    return catalogAdmin.detail(request.params.id);
  });

  app.patch(
    '/products/:id/',
    { schema: { params: idParamsSchema, body: adminProductUpdateSchema, response: { 200: adminProductSchema } } },
    (request) => catalogAdmin.update(staffOf(request), request.params.id, request.body),
  );

  app.delete('/products/:id/', { schema: { params: idParamsSchema, response: { 200: adminProductRemovalSchema } } }, (request) =>
    catalogAdmin.remove(staffOf(request), request.params.id),
  );

  app.post(
    '/products/:id/variants/',
    { schema: { params: idParamsSchema, body: adminVariantCreateSchema, response: { 201: adminVariantSchema } } },
    async (request, reply) => reply.status(201).send(await catalogAdmin.addVariant(staffOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/variants/:id/',
    { schema: { params: idParamsSchema, body: adminVariantUpdateSchema, response: { 200: adminVariantSchema } } },
    (request) => catalogAdmin.changeVariant(staffOf(request), request.params.id, request.body),
  );

  app.delete('/variants/:id/', { schema: { params: idParamsSchema, response: { 200: adminRemovedSchema } } }, (request) =>
    catalogAdmin.removeVariant(staffOf(request), request.params.id),
  );

  app.get(
    '/categories/',
    { schema: { querystring: adminCategoryQuerySchema, response: { 200: adminListSchema(adminCategorySchema) } } },
    (request) => {
      staffOf(request);
      return catalogAdmin.categories(request.query);
    },
  );

  app.post(
    '/categories/',
    { schema: { body: adminCategoryCreateSchema, response: { 201: adminCategorySchema } } },
    async (request, reply) => reply.status(201).send(await catalogAdmin.createCategory(staffOf(request), request.body)),
  );

  app.patch(
    '/categories/:id/',
    { schema: { params: idParamsSchema, body: adminCategoryUpdateSchema, response: { 200: adminCategorySchema } } },
    (request) => catalogAdmin.updateCategory(staffOf(request), request.params.id, request.body),
  );

  app.delete('/categories/:id/', { schema: { params: idParamsSchema, response: { 200: adminRemovedSchema } } }, (request) =>
    catalogAdmin.deleteCategory(staffOf(request), request.params.id),
  );
};
