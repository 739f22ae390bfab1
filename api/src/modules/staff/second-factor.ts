import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { storeDetails, twoFactorDigits, twoFactorPeriodSeconds } from '@threadline/contracts';

/** A code of the step before or after the current one is still accepted: clocks drift, people type slowly. */
const stepWindow = 1;

/**
 * Seals TOTP secrets at rest (AES-256-GCM) with a key derived from SECRET_KEY for this purpose only:
 * the server must read a secret back to check a code, so it cannot be hashed like a password, but a
 * copy of the database alone does not give anyone the codes.
 */
export function createSecretSeal(secretKey: string) {
  const key = createHmac('sha256', secretKey).update('totp-secret').digest();
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv = '', tag = '', text = ''] = sealed.split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretSeal = ReturnType<typeof createSecretSeal>;

/** A new secret as authenticator apps take it typed in: base32, 160 bits (RFC 4226's recommendation). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpOf = (secret: string, accountName: string) =>
  new TOTP({
    issuer: storeDetails.name,
    label: accountName,
    algorithm: 'SHA1',
    digits: twoFactorDigits,
    period: twoFactorPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** The time step a code belongs to (within one step of now), or null for a wrong code. */
export function stepOfCode(secret: string, code: string, now: number): number | null {
  const token = code.replace(/\s/g, '');
  const delta = totpOf(secret, 'check').validate({ token, timestamp: now, window: stepWindow });
  return delta === null ? null : Math.floor(now / 1000 / twoFactorPeriodSeconds) + delta;
}
