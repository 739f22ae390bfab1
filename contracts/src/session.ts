import { z } from 'zod';

export const csrfResponseSchema = z.object({ csrftoken: z.string(), session_key: z.string() });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const apiErrorSchema = z.object({ error: z.string() });
export type ApiErrorResponse = z.infer<typeof apiErrorSchema>;

/**
 * The optional `Idempotency-Key` header of an add to the cart or a checkout: 1 to 100 printable
 * ASCII characters (a client's random key; the web app sends 32 hex digits).
 */
export const idempotencyKeySchema = z.string().regex(/^[\x20-\x7e]{1,100}$/);
export type IdempotencyKey = z.infer<typeof idempotencyKeySchema>;
