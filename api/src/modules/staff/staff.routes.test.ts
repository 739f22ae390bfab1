import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, messages } from '@threadline/contracts';
import { createTestShop, signInStaff, signUp, startSession, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
let owner: SignedInShopper;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
  owner = await signInStaff(shop, 'owner', 'owner@threadline.test');
});
afterAll(() => shop.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  shop.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const newStaff = { email: 'keisha@threadline.test', first_name: 'Keisha', last_name: 'Brown', role: 'staff', password: 'blue-mountain-7' };

async function signIn(email: string, password: string) {
  const session = await startSession(shop.app);
  return call('POST', '/api/users/auth/login/', session.headers, { email, password });
}

describe('the staff calls are the owner’s', () => {
  it('refuse guests (401), customers (403) and staff (403)', async () => {
    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'customer@threadline.test' });
    const staff = await signInStaff(shop, 'staff');
    const calls: [Method, string, object | undefined][] = [
      ['GET', '/api/admin/staff/', undefined],
      ['POST', '/api/admin/staff/', newStaff],
      ['PATCH', `/api/admin/staff/${staff.userId}/`, { role: 'owner' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, guest.headers, payload)).statusCode).toBe(401);
      expect((await call(method, url, customer.headers, payload)).statusCode).toBe(403);
      const refused = await call(method, url, staff.headers, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: adminMessages.ownerOnly, request_id: expect.any(String) });
    }
    // The staff member tried to make themselves owner: nothing changed.
    const row = await shop.database.handle.db.selectFrom('users').select('role').where('id', '=', staff.userId).executeTakeFirstOrThrow();
    expect(row.role).toBe('staff');
  });
});

describe('adding staff', () => {
  it('creates an account that signs in, lists it, and records who added it', async () => {
    const created = await call('POST', '/api/admin/staff/', owner.headers, newStaff);
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toEqual({
      id: expect.any(Number),
      email: 'keisha@threadline.test',
      name: 'Keisha Brown',
      role: 'staff',
      two_factor_enabled: false,
      disabled: false,
      last_sign_in: null,
    });
    expect((await signIn('keisha@threadline.test', 'blue-mountain-7')).statusCode).toBe(200);

    const list = (await call('GET', '/api/admin/staff/', owner.headers)).json();
    const listed = list.results.find((entry: { id: number }) => entry.id === account.id);
    expect(listed).toMatchObject({ email: 'keisha@threadline.test', role: 'staff', last_sign_in: expect.any(String) });
    expect(list.results.some((entry: { email: string }) => entry.email === 'customer@threadline.test')).toBe(false);

    const audit = (await call('GET', `/api/admin/audit/?entity=staff&entity_id=${account.id}`, owner.headers)).json();
    expect(audit.results[0]).toMatchObject({
      staff: { id: owner.userId },
      action: 'create',
      before: null,
      after: { email: 'keisha@threadline.test', role: 'staff' },
    });
    expect(JSON.stringify(audit.results[0])).not.toContain('blue-mountain-7');

    const twice = await call('POST', '/api/admin/staff/', owner.headers, { ...newStaff, email: 'KEISHA@threadline.test' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: adminMessages.staffAlreadyExists, request_id: expect.any(String) });
  });

  it('gives an existing customer account the role, keeping its password', async () => {
    const customer = await signUp(shop.app, { email: 'promoted@threadline.test', password: 'own-password-1' });
    const promoted = await call('POST', '/api/admin/staff/', owner.headers, { email: 'promoted@threadline.test', role: 'owner' });
    expect(promoted.statusCode).toBe(201);
    expect(promoted.json()).toMatchObject({ id: customer.userId, role: 'owner', name: 'Ayesha Campbell' });
    expect((await signIn('promoted@threadline.test', 'own-password-1')).statusCode).toBe(200);
    const audit = (await call('GET', `/api/admin/audit/?entity=staff&entity_id=${customer.userId}`, owner.headers)).json();
    expect(audit.results[0]).toMatchObject({ action: 'promote', before: { role: 'customer' }, after: { role: 'owner' } });
  });

  it('answers bad input with 400 and a clear message', async () => {
    const cases: [object, string][] = [
      [{ ...newStaff, email: 'not-an-email' }, 'email'],
      [{ ...newStaff, email: 'new@threadline.test', password: 'short' }, 'password'],
      [{ ...newStaff, email: 'new@threadline.test', role: 'customer' }, 'role'],
      [{ ...newStaff, email: 'new@threadline.test', first_name: 'x'.repeat(101) }, 'first_name'],
      [{ ...newStaff, email: 'new@threadline.test', last_name: 'Brown\u0000' }, 'last_name'],
    ];
    for (const [payload, field] of cases) {
      const answer = await call('POST', '/api/admin/staff/', owner.headers, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toContain(field);
    }
    const noPassword = await call('POST', '/api/admin/staff/', owner.headers, { email: 'nopass@threadline.test', role: 'staff' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ error: adminMessages.staffPasswordRequired, request_id: expect.any(String) });
    expect((await call('PATCH', '/api/admin/staff/1/', owner.headers, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/staff/1/', owner.headers, { role: 'king' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/staff/99999999999/', owner.headers, { role: 'staff' })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/staff/?page_size=101', owner.headers)).statusCode).toBe(400);
    const missing = await call('PATCH', '/api/admin/staff/999999/', owner.headers, { role: 'staff' });
    expect(missing.statusCode).toBe(404);
    const customer = await signUp(shop.app, { email: 'just-a-customer@threadline.test' });
    expect((await call('PATCH', `/api/admin/staff/${customer.userId}/`, owner.headers, { disabled: true })).statusCode).toBe(404);
  });
});

describe('changing a role and disabling', () => {
  it('disabling ends every sign-in of the account at once and refuses its sign-ins; enabling lets it back', async () => {
    const staff = await signInStaff(shop, 'staff', 'leaving@threadline.test');
    expect((await call('GET', '/api/admin/me/', staff.headers)).statusCode).toBe(200);

    const disabled = await call('PATCH', `/api/admin/staff/${staff.userId}/`, owner.headers, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true, role: 'staff' });
    const stopped = await call('GET', '/api/admin/me/', staff.headers);
    expect(stopped.statusCode).toBe(401);
    expect((await call('GET', '/api/users/profile/', staff.headers)).statusCode).toBe(401);
    expect((await call('POST', '/api/users/auth/refresh/', staff.headers, { refresh: staff.refresh })).statusCode).toBe(401);
    const refused = await signIn('leaving@threadline.test', 'island-breeze-42');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: messages.accountDisabled, request_id: expect.any(String) });

    const audit = (await call('GET', `/api/admin/audit/?entity=staff&entity_id=${staff.userId}`, owner.headers)).json();
    expect(audit.results[0]).toMatchObject({ action: 'update', before: { disabled: false }, after: { disabled: true } });

    expect(
      (await call('PATCH', `/api/admin/staff/${staff.userId}/`, owner.headers, { disabled: false, role: 'owner' })).json(),
    ).toMatchObject({ disabled: false, role: 'owner' });
    expect((await signIn('leaving@threadline.test', 'island-breeze-42')).statusCode).toBe(200);
  });

  it('never leaves the shop without an active owner (409)', async () => {
    const alone = await createTestShop({ seed: false });
    try {
      await alone.ready();
      const only = await signInStaff(alone, 'owner');
      for (const change of [{ role: 'staff' }, { disabled: true }]) {
        const answer = await alone.app.inject({
          method: 'PATCH',
          url: `/api/admin/staff/${only.userId}/`,
          headers: only.headers,
          payload: change,
        });
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({ error: adminMessages.lastActiveOwner, request_id: expect.any(String) });
      }
      const second = await signInStaff(alone, 'owner');
      const demoted = await alone.app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${only.userId}/`,
        headers: second.headers,
        payload: { role: 'staff' },
      });
      expect(demoted.statusCode).toBe(200);
    } finally {
      await alone.close();
    }
  });

  it('lets only one of two owners demoting each other at once succeed', async () => {
    const race = await createTestShop({ seed: false });
    try {
      await race.ready();
      for (let round = 0; round < 3; round += 1) {
        const [first, second] = await Promise.all([signInStaff(race, 'owner'), signInStaff(race, 'owner')]);
        // Only these two are owners: every earlier round left one owner, now demoted for this one.
        await race.database.handle.db
          .updateTable('users')
          .set({ role: 'staff' })
          .where('role', '=', 'owner')
          .where('id', 'not in', [first.userId, second.userId])
          .execute();
        const demote = (by: SignedInShopper, whom: SignedInShopper) =>
          race.app.inject({
            method: 'PATCH',
            url: `/api/admin/staff/${whom.userId}/`,
            headers: by.headers,
            payload: round === 2 ? { disabled: true } : { role: 'staff' },
          });
        const answers = (await Promise.all([demote(first, second), demote(second, first)])).map((answer) => answer.statusCode).sort();
        // The loser hears 409; or, when the winner's change landed before its request was let in, 403
        // (demoted: no longer an owner) or 401 (disabled: its sign-in ended).
        expect(answers[0]).toBe(200);
        expect(round === 2 ? [401, 409] : [403, 409]).toContain(answers[1]);
        const owners = await race.database.handle.db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'owner')
          .where('disabled_at', 'is', null)
          .execute();
        expect(owners).toHaveLength(1);
      }
    } finally {
      await race.close();
    }
  });
});
