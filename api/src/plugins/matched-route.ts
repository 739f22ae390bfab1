import type { FastifyRequest } from 'fastify';

/**
 * Whether the call was routed to one of the JSON API's routes. Decided on the route that matched,
 * never on the URL as sent: the router decodes the path, so `/%61pi/cart/` reaches the same handler
 * as `/api/cart/` and must meet the same checks.
 */
export const isApiRoute = (request: FastifyRequest) => (request.routeOptions.url ?? '').startsWith('/api/');
