import { z } from 'zod';

export const csrfResponseSchema = z.object({ csrftoken: z.string(), session_key: z.string() });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `/api/ready/`: this process may be sent requests (database reachable, schema current, not shutting down). */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/**
 * The header every answer names its request id in (lower case, as Node reads headers); a load
 * balancer may send one, which the shop keeps when it is 1-64 characters of `A-Z a-z 0-9 . _ : -`.
 */
export const requestIdHeader = 'x-request-id';

/** `request_id` is the answer's request id, for a report to point at the server's log lines. */
export const apiErrorSchema = z.object({ error: z.string(), request_id: z.string().optional() });
export type ApiErrorResponse = z.infer<typeof apiErrorSchema>;

/**
 * The optional `Idempotency-Key` header of an add to the cart or a checkout: 1 to 100 printable
 * ASCII characters (a client's random key; the web app sends 32 hex digits).
 */
export const idempotencyKeySchema = z.string().regex(/^[\x20-\x7e]{1,100}$/);
export type IdempotencyKey = z.infer<typeof idempotencyKeySchema>;
