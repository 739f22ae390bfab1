import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../test/factories.ts';
import { createTestShop, signUp, startSession, type TestShop } from '../../test/helper.ts';

let shop: TestShop;
let hatId: number;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.database.handle.db;
  const category = await createCategory(db, { name: 'Hats', slug: 'hats' });
  const hat = await createProduct(db, { name: 'Blue Mountain Cap', categoryId: category, price: 300_000, variants: [{ stock: 50 }] });
  hatId = hat.id;
  await shop.ready();
});
afterAll(() => shop.close());
afterEach(() => vi.restoreAllMocks());

/** Counts the reads the shopper plugin makes to resolve the caller. */
function watchLookups() {
  return {
    find: vi.spyOn(shop.app.sessions, 'find'),
    findOrStart: vi.spyOn(shop.app.sessions, 'findOrStart'),
    customerOf: vi.spyOn(shop.app.auth, 'customerOf'),
  };
}

describe('the shopper of a call', () => {
  it('is not looked up for a catalogue call, even one that carries a session key', async () => {
    const guest = await startSession(shop.app);
    const lookups = watchLookups();
    const response = await shop.app.inject({ method: 'GET', url: '/api/shop/', headers: guest.headers });
    expect(response.statusCode).toBe(200);
    expect(lookups.find).not.toHaveBeenCalled();
    expect(lookups.findOrStart).not.toHaveBeenCalled();
    expect(lookups.customerOf).not.toHaveBeenCalled();
  });

  it('is a guest session read once per call: the first add stores it, the cart then shows the add', async () => {
    const guest = await startSession(shop.app);
    const lookups = watchLookups();
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/cart/',
      headers: guest.headers,
      payload: { product_id: hatId, quantity: 2 },
    });
    expect(lookups.findOrStart).toHaveBeenCalledTimes(1);
    const cart = await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: guest.headers });
    expect(lookups.find).toHaveBeenCalledTimes(1);
    expect(added.statusCode, added.body).toBe(200);
    expect(cart.json()).toMatchObject({ cart_count: 2 });
  });

  it('is the signed-in customer, checked once, with no guest session read', async () => {
    const customer = await signUp(shop.app, { email: 'shopper-plugin@example.com' });
    const lookups = watchLookups();
    const response = await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: customer.headers });
    expect(response.statusCode).toBe(200);
    expect(lookups.customerOf).toHaveBeenCalledTimes(1);
    expect(lookups.find).not.toHaveBeenCalled();
  });

  it('is refused with the sign-in-expired message when its bearer token is of an ended sign-in', async () => {
    const customer = await signUp(shop.app, { email: 'ended-sign-in@example.com' });
    const signOut = await shop.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: customer.headers, payload: {} });
    expect(signOut.statusCode).toBe(200);
    const cart = await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: customer.headers });
    const profile = await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: customer.headers });
    expect([cart.statusCode, cart.json()]).toEqual([401, { error: messages.signInExpired, request_id: expect.any(String) }]);
    expect([profile.statusCode, profile.json()]).toEqual([401, { error: messages.signInExpired, request_id: expect.any(String) }]);
  });
});
