import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@threadline/contracts';
import { registeredRoutes } from '../../test/registered-routes.ts';
import { createTestShop, signInStaff, signUp, startSession, type TestShop } from '../../test/helper.ts';
import { isOwnerOnly, ownerOnlyPaths } from './staff-access.ts';

// Every route the app registers: a back-office route another area adds later is walked without an edit here.
vi.mock('fastify', async (importOriginal) => (await import('../../test/registered-routes.ts')).fastifyListingRoutes(importOriginal));

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(() => shop.close());

/** Every method of every route under /api/admin/, with its path parameters filled in. */
function adminCalls(): { method: string; url: string; path: string }[] {
  const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
  return registeredRoutes
    .filter((route) => route.url.startsWith('/api/admin/'))
    .flatMap((route) => methods(route).map((method) => ({ method, path: route.url, url: route.url.replace(/:[a-z_]+/gi, '1') })));
}

describe('the back office door, on every admin route', () => {
  it('finds the admin routes, the owner-only ones among them', () => {
    const calls = adminCalls();
    expect(calls.length).toBeGreaterThanOrEqual(10);
    expect(calls.filter((call) => isOwnerOnly(call.path)).length).toBeGreaterThanOrEqual(3);
    expect(ownerOnlyPaths).toContain('/api/admin/settings/');
  });

  it('refuses a guest (401) and a customer (403) on every method of every route', async () => {
    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'guard-customer@threadline.test' });
    const wrong: string[] = [];
    for (const { method, url } of adminCalls()) {
      const asGuest = await shop.app.inject({ method: method as 'GET', url, headers: guest.headers, payload: method === 'GET' || method === 'HEAD' ? undefined : {} });
      if (asGuest.statusCode !== 401) wrong.push(`guest ${method} ${url}: ${asGuest.statusCode}`);
      const asCustomer = await shop.app.inject({ method: method as 'GET', url, headers: customer.headers, payload: method === 'GET' || method === 'HEAD' ? undefined : {} });
      if (asCustomer.statusCode !== 403 || (method !== 'HEAD' && !asCustomer.body.includes(adminMessages.staffOnly))) {
        wrong.push(`customer ${method} ${url}: ${asCustomer.statusCode} ${asCustomer.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses staff (403) on every owner-only route, and lets them past the door elsewhere', async () => {
    const staff = await signInStaff(shop, 'staff');
    const wrong: string[] = [];
    for (const { method, url, path } of adminCalls()) {
      const answer = await shop.app.inject({ method: method as 'GET', url, headers: staff.headers, payload: method === 'GET' || method === 'HEAD' ? undefined : {} });
      const ownerOnly = isOwnerOnly(path);
      if (ownerOnly && answer.statusCode !== 403) wrong.push(`staff ${method} ${url}: ${answer.statusCode}, not 403`);
      if (ownerOnly && method !== 'HEAD' && answer.statusCode === 403 && answer.json().error !== adminMessages.ownerOnly) wrong.push(`staff ${method} ${url}: ${answer.body}`);
      // Past the door a staff call may still be refused by its route (a bad body, a missing record), never as owner-only.
      if (!ownerOnly && answer.statusCode === 403 && answer.body.includes(adminMessages.ownerOnly)) wrong.push(`staff ${method} ${url}: owner-only outside the list`);
    }
    expect(wrong).toEqual([]);
  });
});
