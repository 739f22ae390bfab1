import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const accessTokenSeconds = 15 * 60;
export const refreshTokenDays = 30;

/** Opaque secrets (refresh and reset tokens) are stored as SHA-256 only. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Short-lived JWTs signed with a key derived from SECRET_KEY, so the key is used for one purpose only. */
export function createAccessTokens(secretKey: string) {
  const key = createHmac('sha256', secretKey).update('access-token').digest();
  return {
    issue(userId: number): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${accessTokenSeconds}s`)
        .setIssuer('threadline')
        .sign(key);
    },

    /** The user id of a valid token, or null for an expired, forged or malformed one. */
    async verify(token: string): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'threadline', algorithms: ['HS256'] });
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
