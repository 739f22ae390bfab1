import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@threadline/contracts';
import { createTestShop, signInStaff, signUp, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(() => shop.close());

const hours = (count: number) => new Date(Date.now() + count * 60 * 60 * 1000);
const signInOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
const lastUsed = async (account: SignedInShopper) =>
  (
    await shop.database.handle.db
      .selectFrom('sign_ins')
      .select('last_used_at')
      .where('id', '=', signInOf(account.token))
      .executeTakeFirstOrThrow()
  ).last_used_at;

describe('a staff sign-in left idle', () => {
  it('ends after 12 hours without a call: its token and its refresh token are refused', async () => {
    const staff = await signInStaff(shop, 'staff');
    expect(await shop.app.auth.customerOf(staff.token, hours(11.9))).toMatchObject({ id: staff.userId, role: 'staff' });
    // The call at 11.9 hours was a use: 12 hours from then it is still live…
    expect(await shop.app.auth.customerOf(staff.token, hours(23.8))).not.toBeNull();
    // …and 12 hours and a minute after the last use it is over, for good.
    expect(await shop.app.auth.customerOf(staff.token, hours(35.9))).toBeNull();
    expect(await shop.app.auth.customerOf(staff.token, hours(23.9))).toBeNull();

    const me = await shop.app.inject({ method: 'GET', url: '/api/admin/me/', headers: staff.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: messages.signInExpired, request_id: expect.any(String) });
    const refresh = await shop.app.inject({
      method: 'POST',
      url: '/api/users/auth/refresh/',
      headers: staff.headers,
      payload: { refresh: staff.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('counts storefront calls as use, and a refresh after 12 idle hours is refused', async () => {
    const owner = await signInStaff(shop, 'owner');
    expect((await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: owner.headers })).statusCode).toBe(200);
    await expect(shop.app.auth.refresh(owner.refresh, hours(12.1))).rejects.toMatchObject({ statusCode: 401 });
    expect((await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: owner.headers })).statusCode).toBe(401);
  });

  it('records its use at most once a minute', async () => {
    const staff = await signInStaff(shop, 'staff');
    await shop.app.auth.customerOf(staff.token);
    const first = await lastUsed(staff);
    expect(first).not.toBeNull();
    await shop.app.auth.customerOf(staff.token, new Date(Date.parse(first ?? '') + 30_000));
    expect(await lastUsed(staff)).toBe(first);
    const later = new Date(Date.parse(first ?? '') + 61_000);
    await shop.app.auth.customerOf(staff.token, later);
    expect(await lastUsed(staff)).toBe(later.toISOString());
  });

  it('leaves a customer’s sign-in as it was: no idle end, no writes', async () => {
    const customer = await signUp(shop.app, { email: 'idle-shopper@threadline.test' });
    expect(await shop.app.auth.customerOf(customer.token, hours(13))).toMatchObject({ id: customer.userId, role: 'customer' });
    expect(await lastUsed(customer)).toBeNull();
  });
});
