import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OidcProvider, { type AccountClaims } from 'oidc-provider';

export interface LocalIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the issuer next (the interaction finishes by itself, as a returning user's would). */
  signInAs(claims: AccountClaims): void;
  /** Walks the authorization redirect like a browser and returns the code and state sent back. */
  authorize(authorizationUrl: string): Promise<{ code: string; state: string; iss: string | null }>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (oidc-provider) on a free local port, standing in for Google. */
export async function startLocalIssuer(redirectUris: string[]): Promise<LocalIssuer> {
  const clientId = 'threadline-test';
  const clientSecret = 'threadline-test-secret-0123456789';
  const accounts = new Map<string, AccountClaims>();
  let next: AccountClaims = { sub: 'google-user-1', email: 'islander@example.com', email_verified: true };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    async findAccount(_context: unknown, id: string) {
      const claims = accounts.get(id);
      return claims ? { accountId: id, claims: async () => claims } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['local-issuer-cookie-key'] },
    pkce: { required: () => false },
  });
  const handle = provider.callback();

  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      handle(request, response);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      accounts.set(next.sub, next);
      const grant = new provider.Grant({ accountId: next.sub, clientId: details.params.client_id });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: next.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(claims) {
      next = claims;
    },
    async authorize(authorizationUrl) {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        if (!url.startsWith(issuer)) {
          const returned = new URL(url);
          const code = returned.searchParams.get('code');
          if (!code) throw new Error(`issuer returned without a code: ${url}`);
          return { code, state: returned.searchParams.get('state') ?? '', iss: returned.searchParams.get('iss') };
        }
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const separator = pair.indexOf('=');
          cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`issuer answered ${response.status} without a redirect: ${await response.text()}`);
        url = new URL(location, url).toString();
      }
      throw new Error('too many redirects at the issuer');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
