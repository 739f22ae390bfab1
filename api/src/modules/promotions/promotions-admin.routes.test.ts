import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, promotionMessages, type AdminPromotion } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  signUp,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';

let shop: TestShop;
let staff: SignedInShopper;
let tote: { id: number };

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  const db = shop.database.handle.db;
  const category = await createCategory(db, { name: 'Bags' });
  // J$2,500.00 each.
  tote = await createProduct(db, { name: 'Market Tote', categoryId: category, price: 250_000, variants: [{ stock: 50 }] });
  await shop.ready();
  staff = await signInStaff(shop, 'staff');
});
afterAll(() => shop.close());

const hour = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

function call(session: ShopperSession, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return shop.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}

async function createCode(payload: object): Promise<AdminPromotion> {
  const response = await call(staff, 'POST', '/api/admin/promotions/', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function auditOf(id: number) {
  const response = await call(staff, 'GET', `/api/admin/audit/?entity=promotion&entity_id=${id}`);
  return response.json().results as {
    action: string;
    staff: { id: number };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

/** A shopper with `quantity` totes in the cart trying the code. */
async function shopperTries(code: string, quantity: number) {
  const shopper = await startSession(shop.app);
  await call(shopper, 'POST', '/api/orders/cart/', { product_id: tote.id, quantity });
  return call(shopper, 'POST', '/api/orders/cart/promo/', { promo_code: code });
}

describe('the door of /api/admin/promotions/', () => {
  it('answers guests 401 and customers 403 on every call', async () => {
    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'shopper-promos@threadline.test' });
    for (const [method, url] of [
      ['GET', '/api/admin/promotions/'],
      ['POST', '/api/admin/promotions/'],
      ['GET', '/api/admin/promotions/1/'],
      ['PATCH', '/api/admin/promotions/1/'],
    ] as const) {
      expect(
        (await call(guest, method, url, method === 'GET' ? undefined : { code: 'X', kind: 'percent', value: 10 })).statusCode,
        `${method} ${url}`,
      ).toBe(401);
      expect(
        (await call(customer, method, url, method === 'GET' ? undefined : { code: 'X', kind: 'percent', value: 10 })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });
});

describe('creating a code', () => {
  it('keeps every rule of the cart, upper-cases the code, answers money in JMD and records who made it', async () => {
    const created = await createCode({
      code: '  island10 ',
      kind: 'percent',
      value: 10,
      min_subtotal: 5000,
      usage_limit: 100,
      per_customer_limit: 1,
      first_order_only: true,
      ends_at: '2099-01-01T00:00:00-05:00',
    });
    expect(created).toMatchObject({
      code: 'ISLAND10',
      kind: 'percent',
      value: 10,
      min_subtotal: 5000,
      starts_at: null,
      ends_at: '2099-01-01T05:00:00.000Z',
      usage_limit: 100,
      per_customer_limit: 1,
      first_order_only: true,
      active: true,
      times_used: 0,
      state: 'active',
    });
    const fixed = await createCode({ code: 'TAKE250', kind: 'fixed', value: 250.5 });
    expect(fixed).toMatchObject({ value: 250.5, min_subtotal: 0, usage_limit: null, per_customer_limit: null, first_order_only: false });
    const stored = await shop.database.handle.db
      .selectFrom('promo_codes')
      .select(['value', 'min_subtotal'])
      .where('id', '=', fixed.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ value: 25_050, min_subtotal: 0 });

    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      action: 'create',
      staff: { id: staff.userId },
      before: null,
      after: { code: 'ISLAND10', value: 10, min_subtotal: 5000 },
    });
    expect((await call(staff, 'GET', `/api/admin/promotions/${created.id}/`)).json()).toEqual(created);
  });

  it('refuses values the cart could not apply, each naming the field', async () => {
    const base = { code: 'BROKEN', kind: 'percent', value: 10 };
    for (const [change, error] of [
      [{ value: 0 }, `value: ${promotionMessages.percentValue}`],
      [{ value: 101 }, `value: ${promotionMessages.percentValue}`],
      [{ value: 12.5 }, `value: ${promotionMessages.percentValue}`],
      [{ kind: 'fixed', value: 0 }, `value: ${promotionMessages.fixedValue}`],
      [{ kind: 'fixed', value: 10.005 }, `value: ${promotionMessages.fixedValue}`],
      [{ starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, `ends_at: ${promotionMessages.endsBeforeStart}`],
      [{ starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, `ends_at: ${promotionMessages.endsBeforeStart}`],
      [{ code: 'TWO WORDS' }, `code: ${promotionMessages.codeCharacters}`],
      [{ min_subtotal: 10.001 }, `min_subtotal: ${promotionMessages.minSubtotal}`],
    ] as const) {
      const response = await call(staff, 'POST', '/api/admin/promotions/', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toEqual({ error: error, request_id: expect.any(String) });
    }
    for (const change of [
      { usage_limit: 0 },
      { per_customer_limit: 0 },
      { usage_limit: 2 ** 31 },
      { kind: 'bogo' },
      { code: '' },
      { code: 'x'.repeat(61) },
      { ends_at: 'tomorrow' },
      { min_subtotal: -1 },
    ]) {
      expect((await call(staff, 'POST', '/api/admin/promotions/', { ...base, ...change })).statusCode, JSON.stringify(change)).toBe(400);
    }
    expect((await call(staff, 'GET', '/api/admin/promotions/?search=BROKEN')).json().count).toBe(0);
  });

  it('refuses a code another one has, whatever its case, also when two are made at once', async () => {
    await createCode({ code: 'REGGAE', kind: 'percent', value: 5 });
    const again = await call(staff, 'POST', '/api/admin/promotions/', { code: 'reggae ', kind: 'fixed', value: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: promotionMessages.duplicateCode('REGGAE'), request_id: expect.any(String) });

    const racing = await Promise.all(
      Array.from({ length: 4 }, () => call(staff, 'POST', '/api/admin/promotions/', { code: 'RACE', kind: 'percent', value: 5 })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await call(staff, 'GET', '/api/admin/promotions/?search=RACE')).json().count).toBe(1);
  });
});

describe('changing and ending a code', () => {
  it('applies in the cart at once: a raised minimum, then the end', async () => {
    const code = await createCode({ code: 'CART10', kind: 'percent', value: 10, min_subtotal: 2000 });
    const applied = await shopperTries('cart10', 1);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().cart).toMatchObject({ promo_code: 'CART10', subtotal: 2500, promo_discount: 250, total: 2250 });

    const raised = await call(staff, 'PATCH', `/api/admin/promotions/${code.id}/`, { min_subtotal: 3000 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ min_subtotal: 3000, value: 10 });
    expect((await shopperTries('CART10', 1)).json()).toEqual({
      error: serverMessages.promoBelowMinimum('J$3,000.00'),
      request_id: expect.any(String),
    });
    expect((await shopperTries('CART10', 2)).statusCode).toBe(200);

    const ended = await call(staff, 'PATCH', `/api/admin/promotions/${code.id}/`, { active: false });
    expect(ended.json()).toMatchObject({ active: false, state: 'ended' });
    const refused = await shopperTries('CART10', 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: serverMessages.promoInvalid, request_id: expect.any(String) });

    const entries = await auditOf(code.id);
    expect(entries.map((entry) => entry.action)).toEqual(['end', 'update', 'create']);
    expect(entries[0]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(entries[1]).toMatchObject({ before: { min_subtotal: 2000 }, after: { min_subtotal: 3000 } });
  });

  it('keeps the rules on a partial change, refuses times_used and a limit below the uses so far', async () => {
    const code = await createCode({ code: 'LIMITED', kind: 'percent', value: 20, starts_at: '2030-01-01T00:00:00Z' });
    const patch = (payload: object) => call(staff, 'PATCH', `/api/admin/promotions/${code.id}/`, payload);
    expect((await patch({ value: 150 })).json()).toEqual({
      error: `value: ${promotionMessages.percentValue}`,
      request_id: expect.any(String),
    });
    expect((await patch({ ends_at: '2029-12-31T00:00:00Z' })).json()).toEqual({
      error: `ends_at: ${promotionMessages.endsBeforeStart}`,
      request_id: expect.any(String),
    });
    expect((await patch({ times_used: 0 })).statusCode).toBe(400);
    expect((await call(staff, 'PATCH', '/api/admin/promotions/999999/', { value: 5 })).statusCode).toBe(404);

    // A kind changed alone keeps the number: 20% becomes J$20 off.
    expect((await patch({ kind: 'fixed' })).json()).toMatchObject({ kind: 'fixed', value: 20 });

    await shop.database.handle.db.updateTable('promo_codes').set({ times_used: 5 }).where('id', '=', code.id).execute();
    const tooLow = await patch({ usage_limit: 4 });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json()).toEqual({ error: promotionMessages.limitBelowUses(5), request_id: expect.any(String) });
    expect((await patch({ usage_limit: 5 })).json()).toMatchObject({ usage_limit: 5, times_used: 5, state: 'ended' });
    expect((await patch({ usage_limit: null })).json()).toMatchObject({ usage_limit: null, state: 'scheduled' });

    await shop.database.handle.db.updateTable('promo_codes').set({ times_used: 0 }).where('id', '=', code.id).execute();
    const other = await createCode({ code: 'TAKEN', kind: 'percent', value: 5 });
    const duplicate = await call(staff, 'PATCH', `/api/admin/promotions/${other.id}/`, { code: 'limited' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: promotionMessages.duplicateCode('LIMITED'), request_id: expect.any(String) });
    const auditCount = (await auditOf(code.id)).length;
    expect((await patch({ value: 20 })).statusCode).toBe(200);
    expect(await auditOf(code.id)).toHaveLength(auditCount);
  });

  it('applies two edits made at once one after the other, each audited against the one before', async () => {
    const code = await createCode({ code: 'TWOEDITS', kind: 'percent', value: 10 });
    const [first, second] = await Promise.all([
      call(staff, 'PATCH', `/api/admin/promotions/${code.id}/`, { value: 15 }),
      call(staff, 'PATCH', `/api/admin/promotions/${code.id}/`, { min_subtotal: 1500 }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await call(staff, 'GET', `/api/admin/promotions/${code.id}/`)).json()).toMatchObject({ value: 15, min_subtotal: 1500 });
    const [later, earlier] = await auditOf(code.id);
    expect(later?.before).toEqual(earlier?.after);
  });
});

describe('the list', () => {
  it('shows each code with its uses and state, filtered by state', async () => {
    const scheduled = await createCode({ code: 'LATER', kind: 'percent', value: 5, starts_at: inHours(48) });
    const expired = await createCode({ code: 'GONE', kind: 'percent', value: 5, starts_at: inHours(-48), ends_at: inHours(-1) });
    const live = await createCode({ code: 'NOWLIVE', kind: 'percent', value: 5, starts_at: inHours(-1), ends_at: inHours(1) });
    expect(scheduled.state).toBe('scheduled');
    expect(expired.state).toBe('ended');
    expect(live.state).toBe('active');
    const codesIn = async (state: string) =>
      ((await call(staff, 'GET', `/api/admin/promotions/?state=${state}&page_size=100`)).json().results as AdminPromotion[]).map(
        (promo) => promo.code,
      );
    expect(await codesIn('scheduled')).toContain('LATER');
    expect(await codesIn('scheduled')).not.toContain('NOWLIVE');
    expect(await codesIn('ended')).toEqual(expect.arrayContaining(['GONE']));
    expect(await codesIn('ended')).not.toContain('LATER');
    expect(await codesIn('active')).toContain('NOWLIVE');
    expect(await codesIn('active')).not.toContain('GONE');

    const page = (await call(staff, 'GET', '/api/admin/promotions/?page_size=2')).json();
    expect(page.results).toHaveLength(2);
    expect(page.results[0].code).toBe('NOWLIVE');
    expect(page.next).toBe('/api/admin/promotions/?page_size=2&page=2');
    expect((await call(staff, 'GET', '/api/admin/promotions/?state=soon')).statusCode).toBe(400);
  });
});
