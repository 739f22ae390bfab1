import { createSignatures } from '../../signatures.ts';

/** Who a newsletter e-mail was sent to: its subscriber's row and normalised address. */
export interface NewsletterRecipient {
  id: number;
  email_normalized: string;
}

/**
 * Unsubscribe tokens: `{id}.{HMAC of id and address}` with a key derived from SECRET_KEY for this one
 * purpose. They never expire (a newsletter read a year later must still unsubscribe) and need no
 * storage; the address in the signature keeps a token from naming any other subscriber.
 */
export function createUnsubscribeTokens(secretKey: string) {
  const signatures = createSignatures(secretKey, 'newsletter-unsubscribe');
  const signed = (recipient: NewsletterRecipient) => `${recipient.id}:${recipient.email_normalized}`;

  return {
    issue: (recipient: NewsletterRecipient) => `${recipient.id}.${signatures.sign(signed(recipient))}`,

    /** The subscriber id a token names, before its signature is checked; null when it names none. */
    subscriberIdOf(token: string): number | null {
      // At most nine digits: always within the integer column, on either database.
      const match = /^([1-9]\d{0,8})\.[A-Za-z0-9_-]{43}$/.exec(token);
      return match ? Number(match[1]) : null;
    },

    isValid(token: string, recipient: NewsletterRecipient): boolean {
      return signatures.matches(signed(recipient), token.slice(token.indexOf('.') + 1));
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
