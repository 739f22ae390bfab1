import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, messages } from '@threadline/contracts';
import { createTestShop, signInStaff, signUp, startSession, type TestShop } from '../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(() => shop.close());

const me = (headers: Record<string, string>) => shop.app.inject({ method: 'GET', url: '/api/admin/me/', headers });

describe('the back office door', () => {
  it('answers a guest 401 and a customer 403, and lets staff and the owner in as who they are', async () => {
    const guest = await startSession(shop.app);
    expect((await me(guest.headers)).statusCode).toBe(401);
    expect((await me(guest.headers)).json()).toEqual({ error: messages.signInRequired, request_id: expect.any(String) });

    const customer = await signUp(shop.app, { email: 'shopper@threadline.test' });
    expect((await me(customer.headers)).statusCode).toBe(403);
    expect((await me(customer.headers)).json()).toEqual({ error: adminMessages.staffOnly, request_id: expect.any(String) });

    const staff = await signInStaff(shop, 'staff', 'marcia@threadline.test');
    const noSecondFactor = { two_factor_enabled: false, second_factor_verified: false, two_factor_required: false };
    expect((await me(staff.headers)).json()).toEqual({
      id: staff.userId,
      email: 'marcia@threadline.test',
      role: 'staff',
      ...noSecondFactor,
    });
    const owner = await signInStaff(shop, 'owner', 'owner@threadline.test');
    expect((await me(owner.headers)).json()).toEqual({
      id: owner.userId,
      email: 'owner@threadline.test',
      role: 'owner',
      ...noSecondFactor,
    });
  });

  it('asks a stale token to sign in again; a path that is no admin route answers 404 to everyone', async () => {
    const guest = await startSession(shop.app);
    const stale = await me({ ...guest.headers, authorization: 'Bearer not-a-token' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: messages.signInExpired, request_id: expect.any(String) });
    const customer = await signUp(shop.app, { email: 'curious@threadline.test' });
    // The door is part of each admin route; a path that matches none has nothing behind it to keep.
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/nothing-here/', headers: customer.headers })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin?x=1', headers: customer.headers })).statusCode).toBe(404);
  });

  it('follows a role taken away at once: the same token is refused on its next call', async () => {
    const staff = await signInStaff(shop);
    expect((await me(staff.headers)).statusCode).toBe(200);
    await shop.database.handle.db.updateTable('users').set({ role: 'customer' }).where('id', '=', staff.userId).execute();
    expect((await me(staff.headers)).statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('lists what was recorded, newest first, paged and filtered, naming who did it', async () => {
    const owner = await signInStaff(shop, 'owner');
    const staff = { id: owner.userId, email: 'owner@threadline.test', role: 'owner' as const };
    for (let index = 1; index <= 3; index += 1) {
      await shop.app.audit.record(staff, {
        action: 'update',
        entity: 'product',
        entityId: 7,
        before: { price: index },
        after: { price: index + 1 },
      });
    }
    await shop.app.audit.record(staff, { action: 'create', entity: 'category', entityId: 2, before: null, after: { name: 'Hats' } });

    const first = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/audit/?entity=product&entity_id=7&page_size=2',
      headers: owner.headers,
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(3);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('/api/admin/audit/?page_size=2&entity=product&entity_id=7&page=2');
    expect(body.results.map((entry: { before: { price: number } }) => entry.before.price)).toEqual([3, 2]);
    expect(body.results[0]).toMatchObject({
      staff: { id: owner.userId, email: 'owner@threadline.test' },
      action: 'update',
      entity: 'product',
      entity_id: '7',
      after: { price: 4 },
    });

    const second = (await shop.app.inject({ method: 'GET', url: body.next, headers: owner.headers })).json();
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('/api/admin/audit/?page_size=2&entity=product&entity_id=7&page=1');

    const bad = await shop.app.inject({ method: 'GET', url: '/api/admin/audit/?page_size=101', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
  });
});
