import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a browser, proxy or CDN may do with an answer that is the same for every shopper: keep it a
 * few seconds (stock and prices shown may lag by that much; the cart and checkout check both in the
 * database), then serve the old one while it fetches the new one for a little longer (ADR 27).
 */
export const publicCacheControl = 'public, max-age=5, stale-while-revalidate=10';
/** What depends on the shopper (cart, account, checkout, a page the browser renders) is kept by nobody. */
export const privateCacheControl = 'private, no-store';

type Compression = 'br' | 'gzip';
/** Answers smaller than this are sent as they are, by the compression plugin (app.ts) and here: they gain less than compressing costs. */
export const compressionThreshold = 1024;
/** The compression plugin's default brotli quality, so a kept answer is as small on the wire as one it compressed. */
const brotliQuality = 4;

/** An answer's bytes kept to be sent again. */
export interface KeptBody {
  body: Buffer;
  /** The body compressed, made the first time a browser asks for each: a kept answer is compressed once, not per request. */
  compressed: Partial<Record<Compression, Buffer>>;
}

/** An answer kept encoded, with the validator a cache sends back in If-None-Match. */
export interface PublicAnswer extends KeptBody {
  etag: string;
}

/** Weak: the same answer compressed or not is the same answer to a cache. */
export function publicAnswer(body: Buffer): PublicAnswer {
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, compressed: {} };
}

/** Brotli, else gzip, when the asker accepts it (a q of 0 refuses). */
function acceptedCompression(acceptEncoding: string | undefined): Compression | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (quality === undefined || Number(quality.slice(2)) > 0) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

function compress(body: Buffer, compression: Compression): Buffer {
  return compression === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }) : gzipSync(body);
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
 * Sends a public answer with its validator and cache headers, compressed as the asker accepts (the
 * compression plugin leaves an answer that has a content-encoding alone); 304 without a body when
 * the asker already holds it. The caller has set the content type.
 */
export function sendPublicAnswer(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer): FastifyReply {
  reply.header('cache-control', publicCacheControl).header('etag', answer.etag);
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  if (alreadyHeld(request, answer.etag)) return reply.code(304).send();
  return sendKeptBody(request, reply, answer);
}

/**
 * Sends kept bytes compressed as the asker accepts (the compression plugin leaves an answer that has
 * a content-encoding alone). The caller has set the content type and the cache headers.
 */
export function sendKeptBody(request: FastifyRequest, reply: FastifyReply, kept: KeptBody): FastifyReply {
  const compression = kept.body.length >= compressionThreshold ? acceptedCompression(request.headers['accept-encoding']) : null;
  if (compression === null) return reply.send(kept.body);
  kept.compressed[compression] ??= compress(kept.body, compression);
  return reply.header('content-encoding', compression).send(kept.compressed[compression]);
}
