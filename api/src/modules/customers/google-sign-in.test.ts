import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { createTestShop, signUp, startSession, type TestShop } from '../../../test/helper.ts';
import { startLocalIssuer, type LocalIssuer } from '../../../test/oidc-issuer.ts';

const redirectUri = 'http://shop.test/auth/google/callback/';
let issuer: LocalIssuer;
let shop: TestShop;

beforeAll(async () => {
  issuer = await startLocalIssuer([redirectUri]);
  shop = await createTestShop({
    seed: false,
    environment: { GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_CLIENT_SECRET: issuer.clientSecret, OIDC_ISSUER: issuer.issuer },
  });
  await shop.ready();
});
afterAll(async () => {
  await shop.close();
  await issuer.close();
});

/** What the sign-in page and the callback page do together, through the real issuer. */
async function signInWithGoogle() {
  const config = (await shop.app.inject({ method: 'GET', url: '/api/auth/google/config/' })).json();
  const state = `${randomBytes(8).toString('hex')}${randomBytes(8).toString('hex')}`;
  const authorization = new URL(config.authorization_endpoint);
  authorization.search = new URLSearchParams({
    client_id: config.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    access_type: 'online',
    include_granted_scopes: 'true',
    state,
  }).toString();
  const returned = await issuer.authorize(authorization.toString());
  expect(returned.state).toBe(state);
  const session = await startSession(shop.app);
  return shop.app.inject({
    method: 'POST',
    url: '/api/auth/google/',
    headers: session.headers,
    payload: { code: returned.code, redirect_uri: redirectUri, state: returned.state, ...(returned.iss ? { iss: returned.iss } : {}) },
  });
}

describe('Google sign-in against a real OpenID Connect provider', () => {
  it('publishes the issuer and client for the sign-in button', async () => {
    const config = (await shop.app.inject({ method: 'GET', url: '/api/auth/google/config/' })).json();
    expect(config).toEqual({ enabled: true, client_id: issuer.clientId, authorization_endpoint: `${issuer.issuer}/auth` });
  });

  it('creates an account on the first sign-in and finds it by subject afterwards', async () => {
    issuer.signInAs({ sub: 'g-100', email: 'islander@example.com', email_verified: true, given_name: 'Kemar', family_name: 'Brown' });
    const first = await signInWithGoogle();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, user: { email: 'islander@example.com', first_name: 'Kemar', last_name: 'Brown' } });
    expect(first.json().token).toBeTruthy();
    const again = await signInWithGoogle();
    expect(again.json().user.id).toBe(first.json().user.id);
  });

  it('links a verified e-mail to the existing account', async () => {
    const existing = await signUp(shop.app, { email: 'marcia@example.com' });
    issuer.signInAs({ sub: 'g-200', email: 'Marcia@example.com', email_verified: true });
    const response = await signInWithGoogle();
    expect(response.json().user.id).toBe(existing.userId);
  });

  it('never lets an unverified e-mail take over an existing account', async () => {
    const existing = await signUp(shop.app, { email: 'owner@example.com' });
    issuer.signInAs({ sub: 'g-300', email: 'owner@example.com', email_verified: false });
    const response = await signInWithGoogle();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: messages.googleUnverifiedEmail, request_id: expect.any(String) });
    const row = await shop.database.handle.db
      .selectFrom('users')
      .select('google_subject')
      .where('id', '=', existing.userId)
      .executeTakeFirst();
    expect(row?.google_subject).toBeNull();
  });

  it('refuses a code that was not issued, and a forged One Tap token', async () => {
    const session = await startSession(shop.app);
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/google/',
      headers: session.headers,
      payload: { code: 'made-up', redirect_uri: redirectUri, state: 'abc' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: messages.googleFailedDefault, request_id: expect.any(String) });
    const forged = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/google/login/',
      headers: session.headers,
      payload: { id_token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: serverMessages.googleOneTapFailedDefault, request_id: expect.any(String) });
  });
});

describe('without Google configured', () => {
  it('says the button should be hidden and refuses sign-in', async () => {
    const plain = await createTestShop({ seed: false });
    await plain.ready();
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/google/config/' })).json()).toEqual({
      enabled: false,
      client_id: null,
      authorization_endpoint: null,
    });
    const session = await startSession(plain.app);
    const response = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/google/',
      headers: session.headers,
      payload: { code: 'x', redirect_uri: redirectUri, state: 'y' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverMessages.googleNotConfigured, request_id: expect.any(String) });
    await plain.close();
  });
});
