/**
 * 128 random bits as hex: Idempotency-Keys and OAuth state. getRandomValues works on plain-HTTP
 * pages too, where crypto.randomUUID is missing.
 */
export function newRandomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
