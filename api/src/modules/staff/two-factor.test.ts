import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@threadline/contracts';
import { codeFor } from '../../../test/second-factor-codes.ts';
import { createTestShop, signInStaff, signUp, startSession, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(() => shop.close());

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  shop.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** Signs in again with the account's password, as a person does on the storefront's sign-in page. */
async function signInAgain(email: string): Promise<Record<string, string>> {
  const session = await startSession(shop.app);
  const response = await call('POST', '/api/users/auth/login/', session.headers, { email, password: 'island-breeze-42' });
  expect(response.statusCode).toBe(200);
  return { ...session.headers, authorization: `Bearer ${response.json().token}` };
}

/** Sets up and confirms the second factor with the code of the current step; answers the secret. */
async function turnOn(account: SignedInShopper): Promise<string> {
  const setup = await call('POST', '/api/admin/two-factor/setup/', account.headers);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await call('POST', '/api/admin/two-factor/confirm/', account.headers, { code: codeFor(secret) });
  expect(confirmed.statusCode).toBe(200);
  return secret;
}

describe('setting up the second factor', () => {
  it('answers a secret, its otpauth:// link and a QR code, and turns on only with a right code', async () => {
    const owner = await signInStaff(shop, 'owner', 'andrea@threadline.test');
    const setup = await call('POST', '/api/admin/two-factor/setup/', owner.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qr_svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Threadline:andrea%40threadline.test?issuer=Threadline&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    // Set up, not yet on: the account is not asked for codes.
    expect((await call('GET', '/api/admin/me/', owner.headers)).json()).toMatchObject({ two_factor_enabled: false });
    const wrong = await call('POST', '/api/admin/two-factor/confirm/', owner.headers, {
      code: '000000' === codeFor(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: adminMessages.secondFactorWrongCode, request_id: expect.any(String) });
    const malformed = await call('POST', '/api/admin/two-factor/confirm/', owner.headers, { code: '12345' });
    expect(malformed.statusCode).toBe(400);

    const confirmed = await call('POST', '/api/admin/two-factor/confirm/', owner.headers, {
      code: codeFor(secret).replace(/^(\d{3})/, '$1 '),
    });
    expect(confirmed.json()).toEqual({ two_factor_enabled: true, second_factor_verified: true });
    // The sign-in that confirmed it has given it.
    expect((await call('GET', '/api/admin/me/', owner.headers)).json()).toMatchObject({
      two_factor_enabled: true,
      second_factor_verified: true,
    });
    expect((await call('GET', '/api/admin/audit/?entity=staff', owner.headers)).json().results[0]).toMatchObject({
      action: 'two_factor_on',
      entity_id: String(owner.userId),
      before: { two_factor_enabled: false },
      after: { two_factor_enabled: true },
    });

    const again = await call('POST', '/api/admin/two-factor/setup/', owner.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: adminMessages.secondFactorAlreadyOn, request_id: expect.any(String) });
  });

  it('refuses a confirm before any set-up (409), and a guest or a customer at every two-factor call', async () => {
    const staff = await signInStaff(shop, 'staff');
    const early = await call('POST', '/api/admin/two-factor/confirm/', staff.headers, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: adminMessages.secondFactorNotStarted, request_id: expect.any(String) });

    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'shopper-2fa@threadline.test' });
    for (const path of ['setup', 'confirm', 'disable', 'verify']) {
      expect((await call('POST', `/api/admin/two-factor/${path}/`, guest.headers, { code: '123456' })).statusCode).toBe(401);
      expect((await call('POST', `/api/admin/two-factor/${path}/`, customer.headers, { code: '123456' })).statusCode).toBe(403);
    }
  });
});

describe('signing in with the second factor on', () => {
  it('lets a new sign-in reach only me/ and verify/ until a fresh code is given', async () => {
    const staff = await signInStaff(shop, 'staff', 'devon@threadline.test');
    const secret = await turnOn(staff);
    const usedCode = codeFor(secret);

    const headers = await signInAgain('devon@threadline.test');
    const me = await call('GET', '/api/admin/me/', headers);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ two_factor_enabled: true, second_factor_verified: false });
    const audit = await call('GET', '/api/admin/audit/', headers);
    expect(audit.statusCode).toBe(401);
    expect(audit.json()).toEqual({
      error: adminMessages.secondFactorRequired,
      second_factor_required: true,
      request_id: expect.any(String),
    });
    // The storefront is not the back office: it serves the account as usual.
    expect((await call('GET', '/api/users/profile/', headers)).statusCode).toBe(200);

    // The code that confirmed the set-up was used: it cannot be used again.
    const replayed = await call('POST', '/api/admin/two-factor/verify/', headers, { code: usedCode });
    expect(replayed.statusCode).toBe(400);
    const verified = await call('POST', '/api/admin/two-factor/verify/', headers, { code: codeFor(secret, 1) });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/audit/', headers)).statusCode).toBe(200);
    // The earlier sign-in that confirmed the factor was never held up.
    expect((await call('GET', '/api/admin/audit/', staff.headers)).statusCode).toBe(200);
  });

  it('accepts a code once even when it is sent twice at once', async () => {
    const staff = await signInStaff(shop, 'staff', 'twice@threadline.test');
    const secret = await turnOn(staff);
    const [first, second] = await Promise.all([signInAgain('twice@threadline.test'), signInAgain('twice@threadline.test')]);
    const code = codeFor(secret, 1);
    const answers = await Promise.all([first, second].map((headers) => call('POST', '/api/admin/two-factor/verify/', headers, { code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a sixth code within 15 minutes, the right one included (429)', async () => {
    const staff = await signInStaff(shop, 'staff', 'guesser@threadline.test');
    const secret = await turnOn(staff);
    const headers = await signInAgain('guesser@threadline.test');
    const right = codeFor(secret, 1);
    const wrong = right === '000000' ? '000001' : '000000';
    // The confirm above was the first code of the window.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      expect((await call('POST', '/api/admin/two-factor/verify/', headers, { code: wrong })).statusCode).toBe(400);
    }
    const refused = await call('POST', '/api/admin/two-factor/verify/', headers, { code: right });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: adminMessages.tooManySecondFactorAttempts, request_id: expect.any(String) });
  });
});

describe('turning the second factor off', () => {
  it('needs a fresh code, is audited, and new sign-ins are no longer asked', async () => {
    const owner = await signInStaff(shop, 'owner', 'off@threadline.test');
    const secret = await turnOn(owner);
    const replayed = await call('POST', '/api/admin/two-factor/disable/', owner.headers, { code: codeFor(secret) });
    expect(replayed.statusCode).toBe(400);
    const off = await call('POST', '/api/admin/two-factor/disable/', owner.headers, { code: codeFor(secret, 1) });
    expect(off.json()).toEqual({ two_factor_enabled: false, second_factor_verified: false });
    expect((await call('GET', '/api/admin/audit/?entity=staff', owner.headers)).json().results[0]).toMatchObject({
      action: 'two_factor_off',
      after: { two_factor_enabled: false },
    });

    const headers = await signInAgain('off@threadline.test');
    expect((await call('GET', '/api/admin/audit/', headers)).statusCode).toBe(200);
    const notOn = await call('POST', '/api/admin/two-factor/disable/', headers, { code: '123456' });
    expect(notOn.statusCode).toBe(409);
    expect(notOn.json()).toEqual({ error: adminMessages.secondFactorNotOn, request_id: expect.any(String) });
  });

  it('keeps the secret sealed in the database, never in clear', async () => {
    const staff = await signInStaff(shop, 'staff', 'sealed@threadline.test');
    const secret = await turnOn(staff);
    const row = await shop.database.handle.db
      .selectFrom('users')
      .select('totp_secret')
      .where('id', '=', staff.userId)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toBeTruthy();
    expect(row.totp_secret).not.toContain(secret);
  });
});

describe('ADMIN_REQUIRE_2FA=true', () => {
  let strict: TestShop;
  beforeAll(async () => {
    strict = await createTestShop({ seed: false, environment: { ADMIN_REQUIRE_2FA: 'true' } });
    await strict.ready();
  });
  afterAll(() => strict.close());

  it('lets staff without a second factor reach only me/ and enrolment, then everything once it is on', async () => {
    const staff = await signInStaff(strict, 'staff');
    const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
      strict.app.inject({ method, url, headers: staff.headers, ...(payload === undefined ? {} : { payload }) });
    expect((await ask('GET', '/api/admin/me/')).json()).toMatchObject({ two_factor_required: true, two_factor_enabled: false });
    const refused = await ask('GET', '/api/admin/audit/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: adminMessages.secondFactorCompulsory, request_id: expect.any(String) });

    const { secret } = (await ask('POST', '/api/admin/two-factor/setup/')).json();
    expect((await ask('POST', '/api/admin/two-factor/confirm/', { code: codeFor(secret) })).statusCode).toBe(200);
    expect((await ask('GET', '/api/admin/audit/')).statusCode).toBe(200);
  });
});

describe('an owner resets a lost second factor', () => {
  const patch = (id: number, headers: Record<string, string>, payload: object) =>
    shop.app.inject({ method: 'PATCH', url: `/api/admin/staff/${id}/`, headers, payload });

  it('takes it away, ends every sign-in of the account, is audited, and the next sign-in needs no code', async () => {
    const owner = await signInStaff(shop, 'owner', 'resetting-owner@threadline.test');
    const staff = await signInStaff(shop, 'staff', 'lost-phone@threadline.test');
    await turnOn(staff);
    expect((await call('GET', '/api/admin/audit/', staff.headers)).statusCode).toBe(200);

    const reset = await patch(staff.userId, owner.headers, { two_factor_enabled: false });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ email: 'lost-phone@threadline.test', two_factor_enabled: false, disabled: false });
    expect((await call('GET', '/api/admin/me/', staff.headers)).statusCode).toBe(401);
    const audit = (await call('GET', `/api/admin/audit/?entity=staff&entity_id=${staff.userId}`, owner.headers)).json();
    expect(audit.results[0]).toMatchObject({
      action: 'update',
      staff: { email: 'resetting-owner@threadline.test' },
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false },
    });

    const headers = await signInAgain('lost-phone@threadline.test');
    expect((await call('GET', '/api/admin/me/', headers)).json()).toMatchObject({ two_factor_enabled: false });
    expect((await call('GET', '/api/admin/audit/', headers)).statusCode).toBe(200);
    // A new phone: set-up starts afresh.
    expect((await call('POST', '/api/admin/two-factor/setup/', headers)).statusCode).toBe(200);
  });

  it('refuses an owner resetting their own (409), turning one on (400), and staff (403)', async () => {
    const owner = await signInStaff(shop, 'owner', 'own-reset@threadline.test');
    await turnOn(owner);
    const own = await patch(owner.userId, owner.headers, { two_factor_enabled: false });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: adminMessages.ownSecondFactorReset, request_id: expect.any(String) });
    expect((await call('GET', '/api/admin/me/', owner.headers)).json()).toMatchObject({ two_factor_enabled: true });

    const staff = await signInStaff(shop, 'staff');
    const on = await patch(staff.userId, owner.headers, { two_factor_enabled: true });
    expect(on.statusCode).toBe(400);
    expect(on.json().error).toMatch(/Only its holder can turn a second factor on/);
    expect((await patch(owner.userId, staff.headers, { two_factor_enabled: false })).statusCode).toBe(403);
  });
});

describe('a secret sealed under another SECRET_KEY', () => {
  it('refuses the code with 409 and says why, never a 500', async () => {
    const other = await createTestShop({ seed: false, environment: { SECRET_KEY: 'another-secret-key-that-is-long-enough-987654' } });
    try {
      await other.ready();
      const staff = await signInStaff(other, 'staff');
      const { secret } = (await other.app.inject({ method: 'POST', url: '/api/admin/two-factor/setup/', headers: staff.headers })).json();
      // The same row read by a shop whose key differs: seal it here, then open it with the other key.
      const sealed = await other.database.handle.db
        .selectFrom('users')
        .select('totp_secret')
        .where('id', '=', staff.userId)
        .executeTakeFirstOrThrow();
      const mine = await signInStaff(shop, 'staff');
      await shop.database.handle.db.updateTable('users').set({ totp_secret: sealed.totp_secret }).where('id', '=', mine.userId).execute();
      const answer = await call('POST', '/api/admin/two-factor/confirm/', mine.headers, { code: codeFor(secret) });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: adminMessages.secondFactorUnreadable, request_id: expect.any(String) });
    } finally {
      await other.close();
    }
  });
});
