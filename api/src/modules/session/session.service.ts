import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionRepository } from './session.repository.ts';

export interface GuestSession {
  id: number;
  key: string;
  userId: number | null;
}

const touchInterval = 60 * 60 * 1000;

export const hashSessionKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Guest sessions and CSRF tokens (SPEC §6-§7). The session key lives in the browser and travels in
 * `X-Session-Key`; only its hash is stored. The CSRF token is an HMAC of the session key, so it
 * cannot be forged without the server's secret and is useless with another shopper's session.
 */
export function createSessionService(repository: SessionRepository, secretKey: string) {
  const csrfTokenFor = (sessionKey: string | null) =>
    createHmac('sha256', secretKey)
      .update(`csrf:${sessionKey ?? ''}`)
      .digest('base64url');

  return {
    csrfTokenFor,

    isCsrfTokenValid(sessionKey: string | null, headerToken: string | undefined, cookieToken: string | undefined) {
      if (!headerToken || headerToken !== cookieToken) return false;
      const expected = Buffer.from(csrfTokenFor(sessionKey));
      const given = Buffer.from(headerToken);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** The session a key names, or a new one when the key is missing or unknown. */
    async resolveOrCreate(sessionKey: string | null): Promise<GuestSession> {
      const now = new Date();
      if (sessionKey) {
        const existing = await repository.findByKeyHash(hashSessionKey(sessionKey));
        if (existing) {
          if (now.getTime() - Date.parse(existing.last_seen_at) > touchInterval) {
            await repository.touch(existing.id, now.toISOString());
          }
          return { id: existing.id, key: sessionKey, userId: existing.user_id };
        }
      }
      const key = randomBytes(32).toString('base64url');
      const created = await repository.create(hashSessionKey(key), now.toISOString());
      return { id: created.id, key, userId: created.user_id };
    },

    async find(sessionKey: string | null): Promise<GuestSession | null> {
      if (!sessionKey) return null;
      const row = await repository.findByKeyHash(hashSessionKey(sessionKey));
      return row ? { id: row.id, key: sessionKey, userId: row.user_id } : null;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
