import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { messages, serverMessages, type AuthResponse } from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import type { AuthService } from './auth.service.ts';
import type { CustomersRepository, UserRow } from './customers.repository.ts';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export const googleCallbackPath = '/auth/google/callback/';

interface IdentityClaims {
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
}

const claimsOf = (payload: JWTPayload): IdentityClaims => ({
  sub: String(payload.sub ?? ''),
  email: typeof payload.email === 'string' ? payload.email : undefined,
  email_verified: payload.email_verified === true || payload.email_verified === 'true',
  given_name: typeof payload.given_name === 'string' ? payload.given_name : undefined,
  family_name: typeof payload.family_name === 'string' ? payload.family_name : undefined,
});

/**
 * Sign-in with Google through OpenID Connect (openid-client against a configurable issuer): the
 * authorization-code flow of SPEC §7 and the One Tap id_token. Accounts are linked by the issuer's
 * subject id; an e-mail the issuer has not verified never links to an existing account.
 */
export function createGoogleSignIn(
  settings: GoogleSettings | null,
  auth: AuthService,
  repository: CustomersRepository,
  log: (message: string, error: unknown) => void,
) {
  let configuration: Promise<oidc.Configuration> | null = null;
  const discover = (google: GoogleSettings) => {
    configuration ??= oidc
      .discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
        // A local issuer in tests speaks plain HTTP; Google itself never does.
        ...(google.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  const enabled = () => {
    if (!settings) throw badRequest(serverMessages.googleNotConfigured);
    return settings;
  };

  async function accountFor(claims: IdentityClaims): Promise<UserRow> {
    if (!claims.sub) throw new ShopError(401, messages.googleFailedDefault);
    const linked = await repository.findByGoogleSubject(claims.sub);
    if (linked) return linked;
    const email = claims.email?.trim();
    if (!email) throw new ShopError(401, messages.googleFailedDefault);
    const existing = await repository.findByEmail(email);
    if (existing) {
      if (!claims.email_verified) throw new ShopError(409, messages.googleUnverifiedEmail);
      await repository.update(existing.id, { google_subject: claims.sub, email_verified: 1 });
      return { ...existing, google_subject: claims.sub };
    }
    const id = await repository.create({
      email,
      password_hash: null,
      first_name: claims.given_name ?? '',
      last_name: claims.family_name ?? '',
      phone: '',
      date_of_birth: null,
      profile_picture: null,
      google_subject: claims.sub,
      email_verified: claims.email_verified ? 1 : 0,
    });
    const created = await repository.findById(id);
    if (!created) throw new Error('created user not found');
    return created;
  }

  const failure = (error: unknown, fallback: string): never => {
    if (error instanceof ShopError) throw error;
    log('Google sign-in failed', error);
    throw new ShopError(401, fallback);
  };

  return {
    async publicConfig() {
      if (!settings) return { enabled: false, client_id: null, authorization_endpoint: null };
      try {
        const metadata = (await discover(settings)).serverMetadata();
        return { enabled: true, client_id: settings.clientId, authorization_endpoint: metadata.authorization_endpoint ?? null };
      } catch (error) {
        log('Google sign-in is configured but its issuer cannot be reached', error);
        return { enabled: false, client_id: null, authorization_endpoint: null };
      }
    },

    /** The code the browser brought back, exchanged at the issuer; the id_token is verified there. */
    async signInWithCode(
      input: { code: string; redirect_uri: string; state: string; iss?: string | undefined },
      sessionId: number | null,
    ): Promise<AuthResponse> {
      const google = enabled();
      if (!input.redirect_uri.endsWith(googleCallbackPath)) throw badRequest(messages.googleFailedDefault);
      try {
        const callback = new URL(input.redirect_uri);
        callback.searchParams.set('code', input.code);
        callback.searchParams.set('state', input.state);
        if (input.iss) callback.searchParams.set('iss', input.iss);
        const tokens = await oidc.authorizationCodeGrant(await discover(google), callback, {
          expectedState: input.state,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no id_token claims');
        // Google puts the e-mail in the id_token; other issuers may keep it for the userinfo endpoint.
        const identity =
          typeof claims.email === 'string'
            ? claims
            : { ...claims, ...(await oidc.fetchUserInfo(await discover(google), tokens.access_token, claims.sub)) };
        return auth.signedIn(await accountFor(claimsOf(identity)), sessionId);
      } catch (error) {
        return failure(error, messages.googleFailedDefault);
      }
    },

    /** One Tap: an id_token checked for signature, issuer, audience and expiry against the issuer's keys. */
    async signInWithIdToken(idToken: string, sessionId: number | null): Promise<AuthResponse> {
      const google = enabled();
      try {
        const metadata = (await discover(google)).serverMetadata();
        if (!metadata.jwks_uri) throw new Error('issuer has no jwks_uri');
        const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(metadata.jwks_uri)), {
          issuer: metadata.issuer,
          audience: google.clientId,
        });
        return auth.signedIn(await accountFor(claimsOf(payload)), sessionId);
      } catch (error) {
        return failure(error, serverMessages.googleOneTapFailedDefault);
      }
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
