import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminMessages, messages } from '@threadline/contracts';
import { codeFor } from '../../test/second-factor-codes.ts';
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
      const asGuest = await shop.app.inject({
        method: method as 'GET',
        url,
        headers: guest.headers,
        payload: method === 'GET' || method === 'HEAD' ? undefined : {},
      });
      if (asGuest.statusCode !== 401) wrong.push(`guest ${method} ${url}: ${asGuest.statusCode}`);
      const asCustomer = await shop.app.inject({
        method: method as 'GET',
        url,
        headers: customer.headers,
        payload: method === 'GET' || method === 'HEAD' ? undefined : {},
      });
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
      const answer = await shop.app.inject({
        method: method as 'GET',
        url,
        headers: staff.headers,
        payload: method === 'GET' || method === 'HEAD' ? undefined : {},
      });
      const ownerOnly = isOwnerOnly(path);
      if (ownerOnly && answer.statusCode !== 403) wrong.push(`staff ${method} ${url}: ${answer.statusCode}, not 403`);
      if (ownerOnly && method !== 'HEAD' && answer.statusCode === 403 && answer.json().error !== adminMessages.ownerOnly)
        wrong.push(`staff ${method} ${url}: ${answer.body}`);
      // Past the door a staff call may still be refused by its route (a bad body, a missing record), never as owner-only.
      if (!ownerOnly && answer.statusCode === 403 && answer.body.includes(adminMessages.ownerOnly))
        wrong.push(`staff ${method} ${url}: owner-only outside the list`);
    }
    expect(wrong).toEqual([]);
  });
});

/** Ways to spell a path that a router or a proxy may read as the same one; none may open the door. */
function spellingsOf(url: string): string[] {
  const encodeEvery = (text: string) =>
    [...text].map((letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');
  const rest = url.slice('/api/admin'.length);
  return [
    `/api/%61dmin${rest}`,
    `/%61pi/admin${rest}`,
    `/api/admi%6E${rest}`,
    `/api/admi%6e${rest}`,
    `/${encodeEvery('api')}/${encodeEvery('admin')}${rest}`,
    `/api/admin${rest.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)}`,
    `/api%2Fadmin${rest}`,
    `/api//admin${rest}`,
    `//api/admin${rest}`,
    `/api/admin/${rest}`,
    `/API/admin${rest}`,
    `/api/Admin${rest}`,
    `/api/admin${rest.toUpperCase()}`,
    `/api/./admin${rest}`,
    `/api/x/../admin${rest}`,
    `/api/%2e/admin${rest}`,
    `/api/x/%2E%2E/admin${rest}`,
    `/api/admin/.${rest}`,
    `/api\\admin${rest}`,
    `/api/admin;x=1${rest}`,
    `/api/admin${rest}%00`,
  ];
}

describe('every admin handler, behind the door', () => {
  it('asks who calls before it reads anything else of the request', async () => {
    const wrong: string[] = [];
    for (const route of registeredRoutes.filter((candidate) => candidate.url.startsWith('/api/admin/'))) {
      // A request with no staff member on it, that throws at any other field the handler reads first.
      const request = new Proxy(
        { staff: null },
        {
          get: (target, field) => {
            if (field === 'staff') return target.staff;
            if (field === 'then') return undefined;
            throw new Error(`read ${String(field)} first`);
          },
        },
      );
      const reply: Record<string, unknown> = {};
      for (const chained of ['status', 'type', 'header']) reply[chained] = () => reply;
      reply.send = (value: unknown) => value;
      const outcome = await Promise.resolve()
        .then(() => route.handler.call(shop.app, request as never, reply as never))
        .then(
          () => 'answered',
          (error: { statusCode?: number; message: string }) => (error.statusCode === 401 ? 'refused' : error.message),
        );
      if (outcome !== 'refused') wrong.push(`${String(route.method)} ${route.url}: ${outcome}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the back office door, whatever the spelling of the path', () => {
  let requiringShop: TestShop;
  beforeAll(async () => {
    requiringShop = await createTestShop({ seed: false, environment: { ADMIN_REQUIRE_2FA: 'true' } });
    await requiringShop.ready();
  });
  afterAll(() => requiringShop.close());

  /** A staff sign-in of an account enrolled in the second factor, which has not given it yet: its headers. */
  async function owingSecondFactor(on: TestShop, role: 'staff' | 'owner') {
    const email = `owing-${role}-${Date.now()}@threadline.test`;
    const enrolled = await signInStaff(on, role, email);
    const setup = await on.app.inject({ method: 'POST', url: '/api/admin/two-factor/setup/', headers: enrolled.headers });
    const { secret } = setup.json();
    const confirm = await on.app.inject({
      method: 'POST',
      url: '/api/admin/two-factor/confirm/',
      headers: enrolled.headers,
      payload: { code: codeFor(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const session = await startSession(on.app);
    const signIn = await on.app.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      headers: session.headers,
      payload: { email, password: 'island-breeze-42' },
    });
    const headers = { ...session.headers, authorization: `Bearer ${signIn.json().token}` };
    expect((await on.app.inject({ method: 'GET', url: '/api/admin/customers/', headers })).statusCode).toBe(401);
    return headers;
  }

  /** Staff who must not get in: disabled by the owner, owing the second factor, not enrolled where it is required. */
  async function callersKeptOut() {
    const canary = `canary-${Date.now()}@threadline.test`;
    const customer = await signUp(shop.app, { email: canary });
    const owner = await signInStaff(shop, 'owner');
    const disabled = await signInStaff(shop, 'staff');
    const disabling = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${disabled.userId}/`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    expect(disabling.statusCode).toBe(200);

    const owingHeaders = await owingSecondFactor(shop, 'staff');
    const owingWhereRequired = await owingSecondFactor(requiringShop, 'owner');

    const notEnrolled = await signInStaff(requiringShop, 'owner');
    return {
      canary,
      owner,
      callers: [
        { who: 'guest', app: shop.app, headers: (await startSession(shop.app)).headers },
        { who: 'customer', app: shop.app, headers: customer.headers },
        { who: 'disabled staff', app: shop.app, headers: disabled.headers },
        // These two may still ask who they are and give or set up their second factor, and nothing else.
        {
          who: 'staff owing the second factor',
          app: shop.app,
          headers: owingHeaders,
          mayCall: ['/api/admin/me/', '/api/admin/two-factor/verify/'],
        },
        {
          who: 'an owner not enrolled where the second factor is required',
          app: requiringShop.app,
          headers: notEnrolled.headers,
          mayCall: ['/api/admin/me/', '/api/admin/two-factor/setup/', '/api/admin/two-factor/confirm/'],
        },
        {
          who: 'an owner owing the second factor where it is required',
          app: requiringShop.app,
          headers: owingWhereRequired,
          mayCall: ['/api/admin/me/', '/api/admin/two-factor/verify/'],
        },
      ],
    };
  }

  // About 13,000 calls (every route and method, 22 spellings, 6 callers): seconds on a quiet machine, more on a busy one.
  it('answers no caller but signed-in staff with data, on every method of every admin route spelled any way', {
    timeout: 600_000,
  }, async () => {
    const { canary, owner, callers } = await callersKeptOut();
    // The owner reaches the plain path, so the canary is in what the door keeps.
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/customers/', headers: owner.headers })).body).toContain(canary);

    const kept = new Set([400, 401, 403, 404]);
    const wrong: string[] = [];
    for (const { method, url, path } of adminCalls()) {
      for (const spelling of [url, ...spellingsOf(url)]) {
        // The callers of one spelling at once: on PostgreSQL the sweep waits on round trips more than it works.
        await Promise.all(
          callers.map(async ({ who, app, headers, mayCall = [] }) => {
            if (mayCall.includes(path)) return;
            const answer = await app.inject({
              method: method as 'GET',
              url: spelling,
              headers,
              payload: method === 'GET' || method === 'HEAD' ? undefined : {},
            });
            if (!kept.has(answer.statusCode) || answer.body.includes(canary))
              wrong.push(`${who} ${method} ${spelling}: ${answer.statusCode} ${answer.body.slice(0, 80)}`);
          }),
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('routes an encoded spelling to the same door: a guest is asked to sign in, the owner gets the data', async () => {
    const { canary, owner } = await callersKeptOut();
    const guest = await startSession(shop.app);
    for (const spelling of ['/api/%61dmin/customers/', '/%61pi/admin/customers/', '/api/admi%6E/customers/']) {
      const asGuest = await shop.app.inject({ method: 'GET', url: spelling, headers: guest.headers });
      expect(asGuest.statusCode).toBe(401);
      expect(asGuest.json().error).toBe(messages.signInRequired);
      const asOwner = await shop.app.inject({ method: 'GET', url: spelling, headers: owner.headers });
      expect(asOwner.statusCode).toBe(200);
      expect(asOwner.body).toContain(canary);
    }
  });
});
