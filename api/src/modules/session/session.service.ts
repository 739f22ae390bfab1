import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionRepository } from './session.repository.ts';

export interface GuestSession {
  id: number;
  key: string;
  userId: number | null;
}

const touchInterval = 60 * 60 * 1000;
// A session that holds nothing after this long is gone; its key still starts a new one at the next write.
const unusedSessionMs = 24 * 60 * 60 * 1000;

export const hashSessionKey = (key: string) => createHash('sha256').update(key).digest('hex');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Guest sessions and CSRF tokens (SPEC §6-§7, ADR 3). The session key lives in the browser and
 * travels in `X-Session-Key`; only its hash is stored, and only from the session's first write: the
 * key is a random token signed with the server's secret, so the shop knows its own keys without
 * keeping a row for every visit. The CSRF token is an HMAC of the session key, so it cannot be forged
 * without the server's secret and is useless with another shopper's session.
 */
export function createSessionService(repository: SessionRepository, secretKey: string) {
  const hmac = (purpose: string, text: string) => createHmac('sha256', secretKey).update(`${purpose}:${text}`).digest('base64url');
  const csrfTokenFor = (sessionKey: string | null) => hmac('csrf', sessionKey ?? '');

  const newSessionKey = () => {
    const token = randomBytes(32).toString('base64url');
    return `${token}.${hmac('session', token)}`;
  };
  const isIssuedKey = (sessionKey: string) => {
    const [token, signature, ...rest] = sessionKey.split('.');
    return token !== undefined && signature !== undefined && rest.length === 0 && sameText(signature, hmac('session', token));
  };

  return {
    csrfTokenFor,

    isCsrfTokenValid(sessionKey: string | null, headerToken: string | undefined, cookieToken: string | undefined) {
      if (!headerToken || headerToken !== cookieToken) return false;
      return sameText(headerToken, csrfTokenFor(sessionKey));
    },

    /**
     * The key a browser keeps (one the shop signed, or an older one it stored), else a new one.
     * Nothing is written for a new key: GET /api/csrf/ is called by every visitor and by anyone.
     */
    async keyFor(sessionKey: string | null): Promise<string> {
      if (!sessionKey) return newSessionKey();
      const existing = await repository.findByKeyHash(hashSessionKey(sessionKey));
      const now = new Date();
      if (existing && now.getTime() - Date.parse(existing.last_seen_at) > touchInterval) {
        await repository.touch(existing.id, now.toISOString());
      }
      return existing || isIssuedKey(sessionKey) ? sessionKey : newSessionKey();
    },

    /** The session a write works on, stored at its first write; null for a key the shop did not issue. */
    async findOrStart(sessionKey: string | null): Promise<GuestSession | null> {
      if (!sessionKey) return null;
      const keyHash = hashSessionKey(sessionKey);
      const row =
        (await repository.findByKeyHash(keyHash)) ??
        (isIssuedKey(sessionKey) ? await repository.findOrCreate(keyHash, new Date().toISOString()) : undefined);
      return row ? { id: row.id, key: sessionKey, userId: row.user_id } : null;
    },

    /** Removes sessions that never did anything (no cart, no order) a day after they were stored. */
    forgetUnused(now = Date.now()): Promise<number> {
      return repository.deleteUnused(new Date(now - unusedSessionMs).toISOString());
    },

    async find(sessionKey: string | null): Promise<GuestSession | null> {
      if (!sessionKey) return null;
      const row = await repository.findByKeyHash(hashSessionKey(sessionKey));
      return row ? { id: row.id, key: sessionKey, userId: row.user_id } : null;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
