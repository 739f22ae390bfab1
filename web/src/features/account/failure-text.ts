import { ApiError } from '@/lib/api-client.ts';

/**
 * SPEC §8: the server's reason when it refused something (a 4xx says what to fix), else the
 * spec's message for the action (no connection, or a fault on our side).
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}
