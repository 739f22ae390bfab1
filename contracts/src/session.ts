import { z } from 'zod';

export const csrfResponseSchema = z.object({ csrftoken: z.string(), session_key: z.string() });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const apiErrorSchema = z.object({ error: z.string() });
