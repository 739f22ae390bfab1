import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a browser, proxy or CDN may do with an answer that is the same for every shopper: keep it a
 * few seconds (stock and prices shown may lag by that much; the cart and checkout check both in the
 * database), then serve the old one while it fetches the new one for a little longer (ADR 27).
 */
export const publicCacheControl = 'public, max-age=5, stale-while-revalidate=10';
/** What depends on the shopper (cart, account, checkout, a page the browser renders) is kept by nobody. */
export const privateCacheControl = 'private, no-store';

/** An answer kept encoded, with the validator a cache sends back in If-None-Match. */
export interface PublicAnswer {
  body: Buffer;
  etag: string;
}

/** Weak: the same answer compressed or not is the same answer to a cache. */
export function publicAnswer(body: Buffer): PublicAnswer {
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Whether the cache asking already holds this version (RFC 9110 If-None-Match, weak comparison). */
function alreadyHeld(request: FastifyRequest, etag: string): boolean {
  const asked = request.headers['if-none-match'];
  if (asked === undefined) return false;
  const opaque = etag.slice(2);
  return asked.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === opaque;
  });
}

/**
 * Sends a public answer with its validator and cache headers; 304 without a body when the asker
 * already holds it. The caller has set the content type.
 */
export function sendPublicAnswer(request: FastifyRequest, reply: FastifyReply, { body, etag }: PublicAnswer): FastifyReply {
  reply.header('cache-control', publicCacheControl).header('etag', etag);
  if (alreadyHeld(request, etag)) return reply.code(304).send();
  return reply.send(body);
}
