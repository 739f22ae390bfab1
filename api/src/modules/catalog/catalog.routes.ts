import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoriesResponseSchema,
  homeResponseSchema,
  productDetailResponseSchema,
  shopQuerySchema,
  shopResponseSchema,
  text,
} from '@threadline/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPublicAnswer, type PublicAnswer } from '../../http-caching.ts';
import type { CatalogService } from './catalog.service.ts';

/**
 * The catalogue's answers are the same for every shopper: kept encoded in the service, sent with an
 * ETag and public cache headers, 304 when the asker holds them. Fastify sends those bytes as they
 * are (a Buffer is never serialized); the service checked them against the response schemas, which
 * describe the answers here without encoding them a second time.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const send = async (request: FastifyRequest, reply: FastifyReply, answer: Promise<PublicAnswer>) =>
    sendPublicAnswer(request, reply.type('application/json; charset=utf-8'), await answer);

  app.get('/home/', { schema: { response: { 200: homeResponseSchema } } }, (request, reply) => send(request, reply, catalog.home()));

  app.get('/shop/', { schema: { querystring: shopQuerySchema, response: { 200: shopResponseSchema } } }, (request, reply) =>
    send(request, reply, catalog.shop(request.query)),
  );

  app.get('/shop/categories/', { schema: { response: { 200: categoriesResponseSchema } } }, (request, reply) =>
    send(request, reply, catalog.categories()),
  );

  app.get(
    '/product/:id/',
    { schema: { params: z.object({ id: text(20) }), response: { 200: productDetailResponseSchema } } },
    (request, reply) => send(request, reply, catalog.productDetail(request.params.id)),
  );
};

/** Crawler files at the site root: robots.txt points to a sitemap generated from the catalogue. */
export const crawlerRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; publicUrl: string }> = async (app, { catalog, publicUrl }) => {
  app.get('/robots.txt', async (_request, reply) => {
    const disallowed = [
      '/api/',
      '/cart',
      '/checkout',
      '/payment/',
      '/order-confirmation/',
      '/profile',
      '/orders',
      '/addresses',
      '/wishlist',
      '/settings',
    ];
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `User-agent: *\n${disallowed.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return catalog.sitemap(publicUrl);
  });
};
