import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, startSession, type TestShop } from '../../../test/helper.ts';
import { createSessionRepository } from './session.repository.ts';
import { createSessionService } from './session.service.ts';

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

describe('guest sessions that never did anything', () => {
  const storedSessions = async () => (await shop.database.handle.db.selectFrom('guest_sessions').select('id').execute()).length;
  let tote: { id: number };
  beforeAll(async () => {
    const db = shop.database.handle.db;
    tote = await createProduct(db, {
      name: 'Market Tote',
      categoryId: await createCategory(db, { name: 'Bags', slug: 'bags' }),
      price: 250_000,
      variants: [{ stock: 50 }],
    });
  });
  const addTote = (headers: Record<string, string>) =>
    shop.app.inject({ method: 'POST', url: '/api/orders/cart/', headers, payload: { product_id: tote.id, quantity: 1 } });

  it('are not stored: visits to GET /api/csrf/ write no session, the first cart write stores one', async () => {
    const before = await storedSessions();
    const visits = await Promise.all(Array.from({ length: 100 }, () => startSession(shop.app)));
    expect(await storedSessions()).toBe(before);

    const first = visits[0];
    if (!first) throw new Error('no visit');
    // Two first writes at once (emptying the still empty cart) store the session once.
    const clear = () => shop.app.inject({ method: 'DELETE', url: '/api/orders/cart/', headers: first.headers });
    const [one, two] = await Promise.all([clear(), clear()]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    expect(await storedSessions()).toBe(before + 1);
    expect((await addTote(first.headers)).statusCode).toBe(200);
    expect((await addTote(first.headers)).statusCode).toBe(200);
    expect(await storedSessions()).toBe(before + 1);
    const cart = await shop.app.inject({ url: '/api/orders/cart/', headers: first.headers });
    expect(cart.json().items[0].quantity).toBe(2);
  });

  it('are removed a day after their first write when they hold no cart and placed no order', async () => {
    const sessions = createSessionService(createSessionRepository(shop.database.handle.db), shop.config.secretKey);
    const idle = await startSession(shop.app);
    await sessions.findOrStart(idle.sessionKey);
    const shopper = await startSession(shop.app);
    await addTote(shopper.headers);
    const cartOwner = await sessions.find(shopper.sessionKey);
    expect(cartOwner).not.toBeNull();

    await sessions.forgetUnused();
    expect(await sessions.find(idle.sessionKey)).not.toBeNull();
    await sessions.forgetUnused(Date.now() + 25 * 60 * 60 * 1000);
    expect(await sessions.find(idle.sessionKey)).toBeNull();
    expect(await sessions.find(shopper.sessionKey)).toEqual(cartOwner);
  });

  it('keep their key: a later write starts the session again', async () => {
    const kept = await startSession(shop.app);
    const again = await shop.app.inject({ method: 'GET', url: '/api/csrf/', headers: { 'x-session-key': kept.sessionKey } });
    expect(again.headers['x-session-key']).toBe(kept.sessionKey);
  });

  it('cannot be started from a key the shop did not sign, even with a matching CSRF token', async () => {
    const other = createSessionService(createSessionRepository(shop.database.handle.db), 'another-secret-key-that-is-long-enough-012345');
    const foreignKey = await other.keyFor(null);
    const replaced = await shop.app.inject({ method: 'GET', url: '/api/csrf/', headers: { 'x-session-key': foreignKey } });
    expect(replaced.headers['x-session-key']).not.toBe(foreignKey);
  });

  it('are handed out at most 300 times in ten minutes to one address', async () => {
    const visit = () => shop.app.inject({ method: 'GET', url: '/api/csrf/', remoteAddress: '10.2.0.1' });
    const answers = await Promise.all(Array.from({ length: 300 }, visit));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const refused = await visit();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests, request_id: expect.any(String) });
    expect((await shop.app.inject({ method: 'GET', url: '/api/csrf/', remoteAddress: '10.2.0.2' })).statusCode).toBe(200);
  });
});

describe('CSRF protection of state-changing calls', () => {
  it('refuses a POST without a token with 403 and the spec message', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/test-echo/', payload: { a: 1 } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: messages.csrfFailed, request_id: expect.any(String) });
  });

  it('refuses it however the path is spelled: the check is on the route that matched', async () => {
    for (const url of ['/%61pi/test-echo/', '/api/test%2Decho/', '/%61%70%69/test-echo/']) {
      const response = await shop.app.inject({ method: 'POST', url, payload: { a: 1 } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ error: messages.csrfFailed, request_id: expect.any(String) });
      // And its answer carries the API's own headers: nothing a shared cache may keep.
      expect(response.headers['cache-control'], url).toContain('private');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
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
