import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeySchema, serverMessages } from '@threadline/contracts';
import { badRequest, unprocessable } from './errors.ts';

/**
 * The call's Idempotency-Key header, or null without one. A key outside the contract's bounds is
 * refused rather than ignored: ignored, a retried call would be taken twice.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = idempotencyKeySchema.safeParse(header);
  if (!key.success) throw badRequest(serverMessages.idempotencyKeyInvalid);
  return key.data;
}

/** What a keyed request asked for, so a key is answered again only for the same request. */
export const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** The refusal of a used key sent with another request (or by another shopper), as Stripe answers it. */
export const keyReused = () => unprocessable(serverMessages.idempotencyKeyReused);
