import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoriesResponseSchema,
  homeResponseSchema,
  productDetailResponseSchema,
  shopQuerySchema,
  shopResponseSchema,
  text,
  type ProductDetailResponse,
} from '@threadline/contracts';
import type { CatalogService } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get('/home/', { schema: { response: { 200: homeResponseSchema } } }, () => catalog.home());

  app.get('/shop/', { schema: { querystring: shopQuerySchema, response: { 200: shopResponseSchema } } }, (request) =>
    catalog.shop(request.query),
  );

  app.get('/shop/categories/', { schema: { response: { 200: categoriesResponseSchema } } }, () =>
    catalog.categories(),
  );

  // The answer is built and checked against productDetailResponseSchema in the service, then reused
  // as encoded JSON for a moment. Fastify sends those bytes as they are (a Buffer is never serialized),
  // so the response schema describes the answer without encoding it a second time.
  app.get(
    '/product/:id/',
    { schema: { params: z.object({ id: text(20) }), response: { 200: productDetailResponseSchema } } },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await catalog.productDetailJson(request.params.id)) as unknown as ProductDetailResponse),
  );
};

/** Crawler files at the site root: robots.txt points to a sitemap generated from the catalogue. */
export const crawlerRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; publicUrl: string }> = async (
  app,
  { catalog, publicUrl },
) => {
  app.get('/robots.txt', async (_request, reply) => {
    const disallowed = ['/api/', '/cart', '/checkout', '/payment/', '/order-confirmation/', '/profile', '/orders', '/addresses', '/wishlist', '/settings'];
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `User-agent: *\n${disallowed.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return catalog.sitemap(publicUrl);
  });
};
