import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, signUp, startSession, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let address = 0;
const nextAddress = () => `10.1.0.${(address += 1)}`;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({
    seed: false,
    // Sign-ups here all come from one address; the sign-in limits, tested here, are not scaled.
    environment: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://threadline.test', RATE_LIMIT_SCALE: '10' },
  });
  await shop.ready();
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

async function post(url: string, payload: object, headers?: Record<string, string>) {
  const session = headers ? { headers } : await startSession(shop.app);
  return shop.app.inject({ method: 'POST', url, headers: session.headers, payload, remoteAddress: nextAddress() });
}

describe('POST /api/users/auth/register/', () => {
  const valid = {
    first_name: 'Ayesha',
    last_name: 'Campbell',
    email: 'ayesha@example.com',
    password1: 'island-breeze-42',
    password2: 'island-breeze-42',
  };

  it('creates the account and signs it in', async () => {
    const response = await post('/api/users/auth/register/', valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email: 'ayesha@example.com', first_name: 'Ayesha', last_name: 'Campbell', profile_picture: null });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refresh.length).toBeGreaterThan(30);
    const stored = await shop.database.handle.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers the spec messages for bad input, in the spec order', async () => {
    for (const [change, error] of [
      [{ first_name: ' ' }, messages.signUpAllRequired],
      [{ password2: undefined }, messages.signUpAllRequired],
      [{ password2: 'island-breeze-43' }, messages.signUpPasswordsMismatch],
      [{ password1: 'short', password2: 'short' }, messages.signUpPasswordTooShort],
      [{ email: 'not-an-email' }, messages.emailInvalid],
    ] as const) {
      const response = await post('/api/users/auth/register/', { ...valid, email: 'other@example.com', ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toEqual({ error: error, request_id: expect.any(String) });
    }
  });

  it('refuses an e-mail already taken, whatever its case', async () => {
    const response = await post('/api/users/auth/register/', { ...valid, email: 'AYESHA@Example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.emailTaken, request_id: expect.any(String) });
  });
});

describe('signing in, refreshing and signing out', () => {
  it('signs in with the right password only', async () => {
    await signUp(shop.app, { email: 'devon@example.com', password: 'blue-mountain-9' });
    const ok = await post('/api/users/auth/login/', { email: ' Devon@Example.com ', password: 'blue-mountain-9' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('devon@example.com');
    const wrong = await post('/api/users/auth/login/', { email: 'devon@example.com', password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: messages.signInFailed, request_id: expect.any(String) });
    const unknown = await post('/api/users/auth/login/', { email: 'nobody@example.com', password: 'whatever-123' });
    expect(unknown.json()).toEqual({ error: messages.signInFailed, request_id: expect.any(String) });
  });

  it('answers a stored password hash it cannot read as its own fault, not as a wrong password', async () => {
    await signUp(shop.app, { email: 'corrupt@example.com', password: 'blue-mountain-9' });
    await shop.database.handle.db
      .updateTable('users')
      .set({ password_hash: 'pbkdf2_sha256$1$salt$hash' })
      .where('email_normalized', '=', 'corrupt@example.com')
      .execute();
    const answer = await post('/api/users/auth/login/', { email: 'corrupt@example.com', password: 'blue-mountain-9' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ error: serverMessages.serverError, request_id: expect.any(String) });
  });

  it('refuses an account with 429 after repeated failures, even with the right password', async () => {
    await signUp(shop.app, { email: 'target@example.com', password: 'correct-horse-1' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post('/api/users/auth/login/', { email: 'target@example.com', password: `guess-${attempt}-xx` })).statusCode).toBe(401);
    }
    const refused = await post('/api/users/auth/login/', { email: 'target@example.com', password: 'correct-horse-1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: serverMessages.tooManySignInAttempts, request_id: expect.any(String) });
  }, 30_000);

  it('checks only as many of a burst of guesses as the limit allows, and refuses the rest even when one is right', async () => {
    await signUp(shop.app, { email: 'burst@example.com', password: 'correct-horse-2' });
    const { headers } = await startSession(shop.app);
    const guesses = Array.from({ length: 150 }, (_, n) => (n === 149 ? 'correct-horse-2' : `guess-${n}-xx`));
    const answers = await Promise.all(
      guesses.map((password) => post('/api/users/auth/login/', { email: 'burst@example.com', password }, headers)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(140);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 401)).toBe(true);
  }, 30_000);

  it('refuses an address with 429 after 300 attempts, whichever accounts they were at', async () => {
    await signUp(shop.app, { email: 'neighbour@example.com', password: 'right-password-3' });
    const { headers } = await startSession(shop.app);
    const from = (remoteAddress: string, email: string, password: string) =>
      shop.app.inject({ method: 'POST', url: '/api/users/auth/login/', headers, payload: { email, password }, remoteAddress });
    // Beyond its own limit an account is refused without checking, so these are cheap but still count for the address.
    const guesses = (count: number) =>
      Promise.all(Array.from({ length: count }, (_, n) => from('10.9.9.9', 'stuffed@example.com', `guess-${count}-${n}`)));
    await guesses(250);
    expect((await from('10.9.9.9', 'neighbour@example.com', 'right-password-3')).statusCode).toBe(200);
    await guesses(49);
    const refused = await from('10.9.9.9', 'neighbour@example.com', 'right-password-3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: serverMessages.tooManySignInAttempts, request_id: expect.any(String) });
    expect((await from('10.9.9.10', 'neighbour@example.com', 'right-password-3')).statusCode).toBe(200);
  }, 30_000);

  it('counts an IPv6 address by its /64, as every per-address limit does', async () => {
    await signUp(shop.app, { email: 'v6-neighbour@example.com', password: 'right-password-6' });
    const { headers } = await startSession(shop.app);
    const from = (remoteAddress: string, email: string, password: string) =>
      shop.app.inject({ method: 'POST', url: '/api/users/auth/login/', headers, payload: { email, password }, remoteAddress });
    // One machine holds a whole /64: a new address from it for every guess is still that machine.
    await Promise.all(
      Array.from({ length: 300 }, (_, n) => from(`2001:db8:6:4::${n.toString(16)}`, 'v6-stuffed@example.com', `guess-${n}`)),
    );
    const refused = await from('2001:db8:6:4::ffff', 'v6-neighbour@example.com', 'right-password-6');
    expect(refused.statusCode).toBe(429);
    expect((await from('2001:db8:6:5::1', 'v6-neighbour@example.com', 'right-password-6')).statusCode).toBe(200);
  }, 30_000);

  it('rotates refresh tokens and ends the sign-in when an old one is reused', async () => {
    const shopper = await signUp(shop.app, { email: 'rotate@example.com' });
    const first = await post('/api/users/auth/refresh/', { refresh: shopper.refresh });
    expect(first.statusCode).toBe(200);
    const { token, refresh } = first.json();
    expect(refresh).not.toBe(shopper.refresh);
    const profile = await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);

    const reused = await post('/api/users/auth/refresh/', { refresh: shopper.refresh });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: messages.refreshInvalid, request_id: expect.any(String) });
    const afterTheft = await post('/api/users/auth/refresh/', { refresh });
    expect(afterTheft.statusCode).toBe(401);
    const access = await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${token}` } });
    expect(access.statusCode).toBe(401);
  });

  it('revokes the refresh token at sign-out', async () => {
    const shopper = await signUp(shop.app, { email: 'bye@example.com' });
    const logout = await post('/api/auth/logout/', { refresh: shopper.refresh }, shopper.headers);
    expect(logout.json()).toEqual({ success: true, message: serverMessages.signedOut });
    expect((await post('/api/users/auth/refresh/', { refresh: shopper.refresh })).statusCode).toBe(401);
  });

  it('ends access at once at sign-out, on that device only', async () => {
    const phone = await signUp(shop.app, { email: 'two-devices@example.com', password: 'two-devices-1' });
    const laptop = (await post('/api/users/auth/login/', { email: 'two-devices@example.com', password: 'two-devices-1' })).json();
    const profileWith = (token: string) =>
      shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${token}` } });
    expect((await profileWith(phone.token)).statusCode).toBe(200);

    expect((await post('/api/auth/logout/', { refresh: phone.refresh }, phone.headers)).statusCode).toBe(200);
    const after = await profileWith(phone.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: messages.signInExpired, request_id: expect.any(String) });
    expect((await profileWith(laptop.token)).statusCode).toBe(200);

    // A sign-out that sends only its access token ends its sign-in too, refresh token included.
    const { headers } = await startSession(shop.app);
    await post('/api/auth/logout/', {}, { ...headers, authorization: `Bearer ${laptop.token}` });
    expect((await profileWith(laptop.token)).statusCode).toBe(401);
    expect((await post('/api/users/auth/refresh/', { refresh: laptop.refresh })).statusCode).toBe(401);
  });

  it('asks for sign-in on account pages, and says when a token is bad', async () => {
    const none = await shop.app.inject({ method: 'GET', url: '/api/users/profile/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: messages.signInRequired, request_id: expect.any(String) });
    const forged = await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: messages.signInExpired, request_id: expect.any(String) });
  });
});

describe('how long a sign-in lasts', () => {
  afterEach(() => vi.useRealTimers());

  it('at most 30 days after signing in, however often it is refreshed', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    let { refresh } = await signUp(shop.app, { email: 'regular@example.com' });
    for (const day of [10, 20, 29]) {
      vi.setSystemTime(start + day * 86_400_000);
      const refreshed = await post('/api/users/auth/refresh/', { refresh });
      expect(refreshed.statusCode, `day ${day}`).toBe(200);
      ({ refresh } = refreshed.json());
    }
    vi.setSystemTime(start + 30 * 86_400_000 - 5 * 60_000);
    const last = (await post('/api/users/auth/refresh/', { refresh })).json();
    vi.setSystemTime(start + 30 * 86_400_000 + 60_000);
    // The access token is within its 15 minutes, but its sign-in has ended.
    const profile = await shop.app.inject({
      method: 'GET',
      url: '/api/users/profile/',
      headers: { authorization: `Bearer ${last.token}` },
    });
    expect(profile.json()).toEqual({ error: messages.signInExpired, request_id: expect.any(String) });
    const expired = await post('/api/users/auth/refresh/', { refresh: last.refresh });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: messages.refreshInvalid, request_id: expect.any(String) });
  });
});

describe('the guest cart at sign-in', () => {
  it('joins the account cart: the same variant adds up, capped at stock', async () => {
    const db = shop.database.handle.db;
    const category = await createCategory(db, { name: 'Hats', slug: 'hats' });
    const cap = await createProduct(db, {
      name: 'Irie Cap',
      categoryId: category,
      price: 300_000,
      variants: [{ size: 'One Size', color: 'Gold', stock: 5 }],
    });
    const tote = await createProduct(db, { name: 'Tote', categoryId: category, price: 100_000, variants: [{ stock: 9 }] });
    const shopper = await signUp(shop.app, { email: 'merge@example.com', password: 'merge-me-please' });
    const addFor = (headers: Record<string, string>, product_id: number, quantity: number, size?: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders/cart/',
        headers,
        payload: { product_id, quantity, variant_size: size, variant_color: size ? 'Gold' : undefined },
      });
    expect((await addFor(shopper.headers, cap.id, 3, 'One Size')).statusCode).toBe(200);

    const guest = await startSession(shop.app);
    await addFor(guest.headers, cap.id, 4, 'One Size');
    await addFor(guest.headers, tote.id, 2);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      headers: guest.headers,
      payload: { email: 'merge@example.com', password: 'merge-me-please' },
    });
    const cart = await shop.app.inject({
      method: 'GET',
      url: '/api/orders/cart/',
      headers: { ...guest.headers, authorization: `Bearer ${login.json().token}` },
    });
    expect(cart.json().items.map((item: { name: string; quantity: number }) => [item.name, item.quantity])).toEqual([
      ['Irie Cap', 5],
      ['Tote', 2],
    ]);
    const guestCart = await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: guest.headers });
    expect(guestCart.json().items).toEqual([]);
  });
});

describe('password reset', () => {
  it('e-mails a single-use link that sets a new password', async () => {
    await signUp(shop.app, { email: 'forgetful@example.com', password: 'old-password-1' });
    const before = smtp.received.length;
    const asked = await post('/api/users/auth/password-reset/', { email: 'Forgetful@example.com' });
    expect(asked.json()).toEqual({ success: true, message: messages.passwordResetSent });
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['forgetful@example.com']);
    const token = /https:\/\/threadline\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);

    const confirm = await post('/api/users/auth/password-reset/confirm/', {
      token,
      password1: 'new-password-2',
      password2: 'new-password-2',
    });
    expect(confirm.json()).toEqual({ success: true, message: messages.passwordResetDone });
    expect((await post('/api/users/auth/login/', { email: 'forgetful@example.com', password: 'new-password-2' })).statusCode).toBe(200);
    expect((await post('/api/users/auth/login/', { email: 'forgetful@example.com', password: 'old-password-1' })).statusCode).toBe(401);
    const again = await post('/api/users/auth/password-reset/confirm/', {
      token,
      password1: 'third-password-3',
      password2: 'third-password-3',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: messages.passwordResetInvalid, request_id: expect.any(String) });
  });

  it('ends every sign-in of the account at once', async () => {
    const phone = await signUp(shop.app, { email: 'stolen@example.com', password: 'leaked-password-1' });
    const thief = (await post('/api/users/auth/login/', { email: 'stolen@example.com', password: 'leaked-password-1' })).json();
    await post('/api/users/auth/password-reset/', { email: 'stolen@example.com' });
    await expect.poll(() => smtp.received.some((mail) => mail.to.includes('stolen@example.com'))).toBe(true);
    const mail = smtp.received.find((entry) => entry.to.includes('stolen@example.com'));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const reset = await post('/api/users/auth/password-reset/confirm/', {
      token,
      password1: 'fresh-password-2',
      password2: 'fresh-password-2',
    });
    expect(reset.statusCode).toBe(200);

    for (const signIn of [phone, thief]) {
      const profile = await shop.app.inject({
        method: 'GET',
        url: '/api/users/profile/',
        headers: { authorization: `Bearer ${signIn.token}` },
      });
      expect(profile.statusCode).toBe(401);
      expect((await post('/api/users/auth/refresh/', { refresh: signIn.refresh })).statusCode).toBe(401);
    }
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = smtp.received.length;
    const asked = await post('/api/users/auth/password-reset/', { email: 'ghost@example.com' });
    expect(asked.json()).toEqual({ success: true, message: messages.passwordResetSent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);
  });
});
