import type { FastifyServerOptions, RouteOptions } from 'fastify';

/** Every route the app under test registers, with its schemas, in registration order. */
export const registeredRoutes: RouteOptions[] = [];

/**
 * The factory for `vi.mock('fastify', …)`: fastify as it is, but every app it makes lists its routes
 * in `registeredRoutes`, so a test that walks them covers a route added later without a change.
 */
export async function fastifyListingRoutes(importOriginal: () => Promise<typeof import('fastify')>) {
  const fastify = await importOriginal();
  const listingRoutes = (options: FastifyServerOptions) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => {
      registeredRoutes.push(route);
    });
    return app;
  };
  return { ...fastify, default: listingRoutes };
}
