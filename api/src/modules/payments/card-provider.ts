import { Stripe } from 'stripe';

/** Key the server uses with its own built-in card provider (built-in-card-provider.routes.ts); it grants nothing anywhere else. */
export const builtInProviderKey = 'sk_test_threadline_builtin_provider';

export interface CardProviderSettings {
  secretKey: string | null;
  apiUrl: string | null;
}

/** With no Stripe key, card payments are the built-in card provider's test payments: they take no money. */
export const takesTestPayments = (settings: CardProviderSettings) => settings.secretKey === null;

/** Card payments that move no money: the built-in provider's, or Stripe's in test mode (a test key). */
export const takesNoMoney = (settings: CardProviderSettings) =>
  takesTestPayments(settings) || /^(sk|rk)_test_/.test(settings.secretKey ?? '');

/**
 * The official Stripe SDK, pointed at Stripe, at a configured Stripe-shaped stand-in
 * (STRIPE_API_URL), or, with no key, at this server's own built-in card provider. Built on first
 * use because the server's own port is only known once it listens.
 */
export function createCardProvider(settings: CardProviderSettings, ownAddress: () => URL) {
  let client: Stripe | null = null;
  return {
    isBuiltIn: takesTestPayments(settings),
    client(): Stripe {
      if (client) return client;
      const target = settings.secretKey === null ? ownAddress() : settings.apiUrl ? new URL(settings.apiUrl) : null;
      client = new Stripe(settings.secretKey ?? builtInProviderKey, {
        maxNetworkRetries: 1,
        timeout: 15_000,
        ...(target
          ? {
              host: target.hostname,
              port: target.port || (target.protocol === 'https:' ? 443 : 80),
              protocol: target.protocol === 'https:' ? 'https' : 'http',
            }
          : {}),
      });
      return client;
    },
  };
}

export type CardProvider = ReturnType<typeof createCardProvider>;
