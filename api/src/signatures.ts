import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs texts for one purpose (an order link, an unsubscribe link) with a key derived from
 * SECRET_KEY for that purpose only, so a signature made for one can never pass as another.
 */
export function createSignatures(secretKey: string, purpose: string) {
  const key = createHmac('sha256', secretKey).update(purpose).digest();
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    /** The signature of `text`: 43 base64url characters. */
    sign,
    /** Whether `signature` is the one of `text`, compared in constant time. */
    matches(text: string, signature: string): boolean {
      const given = Buffer.from(signature);
      const expected = Buffer.from(sign(text));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
