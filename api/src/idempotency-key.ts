import type { FastifyRequest } from 'fastify';

/** The call's Idempotency-Key header, when it is one a client could mean (1 to 100 characters). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && header.length > 0 && header.length <= 100 ? header : null;
}
