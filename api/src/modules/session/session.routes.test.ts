import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@threadline/contracts';
import { createTestShop, startSession, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  shop.app.post('/api/test-echo/', async (request) => ({ received: request.body }));
  await shop.ready();
});
afterAll(() => shop.close());

describe('GET /api/csrf/', () => {
  it('starts a guest session: readable csrftoken cookie, X-Session-Key header and body', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/csrf/' });
    expect(response.statusCode).toBe(200);
    const sessionKey = response.headers['x-session-key'];
    expect(typeof sessionKey).toBe('string');
    expect(String(sessionKey).length).toBeGreaterThanOrEqual(32);
    const cookie = response.cookies.find((entry) => entry.name === 'csrftoken');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
    expect(response.json()).toEqual({ csrftoken: cookie?.value, session_key: sessionKey });
  });

  it('keeps a known session key and replaces an unknown one', async () => {
    const first = await startSession(shop.app);
    const again = await shop.app.inject({
      method: 'GET',
      url: '/api/csrf/',
      headers: { 'x-session-key': first.sessionKey },
    });
    expect(again.headers['x-session-key']).toBe(first.sessionKey);

    const unknown = await shop.app.inject({
      method: 'GET',
      url: '/api/csrf/',
      headers: { 'x-session-key': 'not-a-session-the-server-made' },
    });
    expect(unknown.headers['x-session-key']).not.toBe('not-a-session-the-server-made');
  });

  it('gives each session its own token', async () => {
    const one = await startSession(shop.app);
    const two = await startSession(shop.app);
    expect(one.sessionKey).not.toBe(two.sessionKey);
    expect(one.csrfToken).not.toBe(two.csrfToken);
  });
});

describe('CSRF protection of state-changing calls', () => {
  it('refuses a POST without a token with 403 and the spec message', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/test-echo/', payload: { a: 1 } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: messages.csrfFailed });
  });

  it('refuses a header token that does not match the cookie', async () => {
    const session = await startSession(shop.app);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      headers: { ...session.headers, cookie: 'csrftoken=something-else' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it("refuses another session's token", async () => {
    const mine = await startSession(shop.app);
    const theirs = await startSession(shop.app);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      headers: { ...theirs.headers, 'x-session-key': mine.sessionKey },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the session key, cookie and header the page sends', async () => {
    const session = await startSession(shop.app);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      headers: session.headers,
      payload: { hello: 'Kingston' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { hello: 'Kingston' } });
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const session = await startSession(shop.app);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});
