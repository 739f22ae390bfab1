import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const accessTokenSeconds = 15 * 60;
/** A sign-in lasts at most this long, however often its refresh token is rotated. */
export const signInDays = 30;
/** A staff or owner sign-in ends after this long without a call (issue 16); a customer's does not. */
export const staffIdleMs = 12 * 60 * 60 * 1000;
/** A staff sign-in's last use is written at most this often, so calls stay cheap. */
export const lastUseWriteMs = 60 * 1000;

/** Opaque secrets (refresh and reset tokens) are stored as SHA-256 only. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** What a valid access token says: whose it is and which sign-in it belongs to. */
export interface AccessClaims {
  userId: number;
  signInId: string;
}

/** Short-lived JWTs signed with a key derived from SECRET_KEY, so the key is used for one purpose only. */
export function createAccessTokens(secretKey: string) {
  const key = createHmac('sha256', secretKey).update('access-token').digest();
  return {
    issue({ userId, signInId }: AccessClaims): Promise<string> {
      return new SignJWT({ sid: signInId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${accessTokenSeconds}s`)
        .setIssuer('threadline')
        .sign(key);
    },

    /** The claims of a well-signed, unexpired token naming a sign-in; null for any other. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'threadline', algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const signInId = payload.sid;
        return Number.isInteger(userId) && userId > 0 && typeof signInId === 'string' && signInId ? { userId, signInId } : null;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
