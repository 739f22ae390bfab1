import { createSignatures } from '../../signatures.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** How long the link of an order e-mail opens the order on any device. */
export const orderLinkDays = 30;

/**
 * Signed links to one order, for its e-mail: the token names the order (in what it signs) and its
 * expiry, signed with a key derived from SECRET_KEY for this purpose only. Whoever holds the link
 * sees that order, as whoever holds the e-mail does; no other order, and nothing after it expires.
 */
export function createOrderLinks(secretKey: string) {
  const signatures = createSignatures(secretKey, 'order-links');

  return {
    token(orderId: number, now = Date.now()): string {
      const expiresAt = Math.floor((now + orderLinkDays * dayMs) / 1000);
      return `${expiresAt}.${signatures.sign(`${orderId}.${expiresAt}`)}`;
    },

    /** True only for an unexpired token signed for this order. */
    opens(token: string, orderId: number, now = Date.now()): boolean {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const expiresAt = Number(match[1]);
      if (expiresAt * 1000 <= now) return false;
      return signatures.matches(`${orderId}.${expiresAt}`, match[2] ?? '');
    },
  };
}

export type OrderLinks = ReturnType<typeof createOrderLinks>;
