import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminMessages, defaultStoreSettings, serverMessages, type StoreSettings } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';

// KINGSTON.md §3: each method's fee and promised date as the server charges and promises them,
// the refusals of a bad delivery, and the back office's late orders.
let shop: TestShop;
let owner: SignedInShopper;
let categoryId = 0;

const settings: StoreSettings = {
  ...defaultStoreSettings,
  delivery_fees: { ...defaultStoreSettings.delivery_fees, 'St. James': 1_500 },
  free_delivery_over: 20_000,
  shipping_methods: {
    pickup: { fee: 0, lead_days: 1 },
    delivery: { offered: true, lead_days: 2 },
    knutsford: { fee: 950, lead_days: 3 },
    post_office: { fee: 450, lead_days: 5 },
  },
  pickup_points: [
    { code: 'ke-montego-bay', name: 'Knutsford Express, Montego Bay', kind: 'knutsford', parish: 'St. James' },
    { code: 'po-lucea', name: 'Lucea Post Office', kind: 'post_office', parish: 'Hanover' },
  ],
  public_holidays: [
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2026-12-26', name: 'Boxing Day' },
  ],
};

beforeAll(async () => {
  shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50' } });
  categoryId = await createCategory(shop.database.handle.db, { name: 'Dresses', slug: 'dresses' });
  await shop.ready();
  owner = await signInStaff(shop, 'owner');
  const saved = await shop.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: owner.headers, payload: settings });
  if (saved.statusCode !== 200) throw new Error(saved.body);
});
afterAll(() => shop.close());
afterEach(() => vi.useRealTimers());

const form = {
  first_name: 'Tashana',
  last_name: 'Reid',
  phone: '876 555 0188',
  address_line1: 'Lot 14, Main Road',
  address_line2: '',
  country: 'Jamaica',
  city: 'Cambridge',
  parish: 'St. James',
  landmark: 'opposite the Texaco',
  postal_code: '',
  shipping_method: 'delivery',
  payment_method: 'cash_on_delivery',
  currency: 'JMD',
};

async function shopperBuying(price: number): Promise<ShopperSession> {
  const dress = await createProduct(shop.database.handle.db, {
    name: `Dress ${price}`,
    categoryId,
    price: price * 100,
    variants: [{ size: 'M', color: 'Red', stock: 50 }],
  });
  const shopper = await startSession(shop.app);
  const added = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/cart/',
    headers: shopper.headers,
    payload: { product_id: dress.id, quantity: 1, variant_size: 'M', variant_color: 'Red' },
  });
  expect(added.statusCode, added.body).toBe(200);
  return shopper;
}
let buyers = 0;
const checkout = (shopper: ShopperSession, change: object) => {
  buyers += 1;
  return shop.app.inject({
    method: 'POST',
    url: '/api/orders/checkout/',
    headers: shopper.headers,
    payload: { ...form, email: `buyer-${buyers}@example.com`, ...change },
  });
};
async function placed(shopper: ShopperSession, change: object) {
  const answer = await checkout(shopper, change);
  expect(answer.statusCode, answer.body).toBe(200);
  return (await shop.app.inject({ method: 'GET', url: `/api/orders/${answer.json().order_id}/`, headers: shopper.headers })).json();
}

describe('GET /api/store/', () => {
  it('lists the pickup points and the methods offered; a method with no fee is not offered', async () => {
    const store = (await shop.app.inject({ method: 'GET', url: '/api/store/' })).json();
    expect(store.shipping_methods_offered).toEqual(['pickup', 'delivery', 'knutsford', 'post_office']);
    expect(store.pickup_points).toEqual(settings.pickup_points);
    const without = { ...settings, shipping_methods: { ...settings.shipping_methods, post_office: { fee: null, lead_days: 5 } } };
    expect(
      (await shop.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: owner.headers, payload: without })).statusCode,
    ).toBe(200);
    try {
      expect((await shop.app.inject({ method: 'GET', url: '/api/store/' })).json().shipping_methods_offered).toEqual([
        'pickup',
        'delivery',
        'knutsford',
      ]);
      const refused = await checkout(await shopperBuying(1_000), { shipping_method: 'post_office', pickup_point: 'po-lucea' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(serverMessages.shippingMethodNotOffered('Post office'));
    } finally {
      await shop.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: owner.headers, payload: settings });
    }
  });
});

describe('the fee and the promised date of each method', () => {
  // Thursday 24 December 2026, 10:00 in Kingston: Christmas and Boxing Day, then a Sunday, follow.
  const christmasEve = Date.parse('2026-12-24T15:00:00Z');
  // Friday 4 December 2026, 21:30 in Kingston (already Saturday in UTC): a weekend follows.
  const fridayNight = Date.parse('2026-12-05T02:30:00Z');

  it.each([
    // method, change, when placed, fee (JMD), promised by
    ['pickup', {}, fridayNight, 0, '2026-12-05'],
    ['delivery', {}, fridayNight, 1_500, '2026-12-07'],
    ['knutsford', { pickup_point: 'ke-montego-bay' }, fridayNight, 950, '2026-12-08'],
    ['post_office', { pickup_point: 'po-lucea' }, fridayNight, 450, '2026-12-10'],
    ['pickup', {}, christmasEve, 0, '2026-12-28'],
    ['delivery', {}, christmasEve, 1_500, '2026-12-29'],
    ['knutsford', { pickup_point: 'ke-montego-bay' }, christmasEve, 950, '2026-12-30'],
    ['post_office', { pickup_point: 'po-lucea' }, christmasEve, 450, '2027-01-01'],
  ] as const)('%s placed at %#: fee and promise', async (method, change, now, fee, promised) => {
    const shopper = await shopperBuying(1_000);
    vi.useFakeTimers({ toFake: ['Date'], now });
    const order = await placed(shopper, { shipping_method: method, shipping_cost: 0, ...change });
    expect(order.shipping_method).toBe(method);
    expect(order.shipping_cost).toBe(fee);
    expect(order.total).toBe(1_000 + fee);
    expect(order.promised_by).toBe(promised);
    expect(order.pickup_point).toBe('pickup_point' in change ? change.pickup_point : null);
    const delivered = method === 'delivery';
    const address = order.shipping_address as { city: string; state: string; landmark: string } | null;
    const shown = address ? { city: address.city, state: address.state, landmark: address.landmark } : null;
    expect(shown).toEqual(delivered ? { city: 'Cambridge', state: 'St. James', landmark: 'opposite the Texaco' } : null);
    expect(String(order.shipping_address_text).includes('opposite the Texaco')).toBe(delivered);
  });

  it('never takes the fee from the page, and delivery is free over the threshold but the collected methods are not', async () => {
    const cheap = await placed(await shopperBuying(1_000), {
      shipping_method: 'knutsford',
      pickup_point: 'ke-montego-bay',
      shipping_cost: 0,
    });
    expect(cheap.shipping_cost).toBe(950);
    const big = await placed(await shopperBuying(25_000), { shipping_method: 'delivery', shipping_cost: 9_999 });
    expect(big.shipping_cost).toBe(0);
    const bigKnutsford = await placed(await shopperBuying(25_000), { shipping_method: 'knutsford', pickup_point: 'ke-montego-bay' });
    expect(bigKnutsford.shipping_cost).toBe(950);
  });
});

describe('bad delivery input', () => {
  it.each([
    ['knutsford without a pickup point', { shipping_method: 'knutsford' }, serverMessages.pickupPointRequired],
    [
      'an unknown pickup point',
      { shipping_method: 'knutsford', pickup_point: 'ke-atlantis' },
      serverMessages.pickupPointUnknown('Knutsford Express', 'ke-atlantis'),
    ],
    [
      "a post office's code for Knutsford Express",
      { shipping_method: 'knutsford', pickup_point: 'po-lucea' },
      serverMessages.pickupPointUnknown('Knutsford Express', 'po-lucea'),
    ],
    ['post office without a pickup point', { shipping_method: 'post_office', pickup_point: '' }, serverMessages.pickupPointRequired],
    ['a delivery in Jamaica without a parish', { parish: '' }, 'parish is required'],
    ['a delivery in Jamaica to no parish of the 14', { parish: 'Atlantis' }, serverMessages.parishUnknown],
  ])('%s: 400 with its message, no order', async (_name, change, message) => {
    const answer = await checkout(await shopperBuying(1_000), change);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe(message);
  });

  it('a landmark over 200 characters, an unknown method or a pickup point code over 40: 400 JSON', async () => {
    for (const change of [
      { landmark: 'x'.repeat(201) },
      { shipping_method: 'courier' },
      { shipping_method: 'knutsford', pickup_point: 'k'.repeat(41) },
    ]) {
      const answer = await checkout(await shopperBuying(1_000), change);
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().error, JSON.stringify(change)).toEqual(expect.any(String));
    }
    const long = await checkout(await shopperBuying(1_000), { landmark: 'x'.repeat(201) });
    expect(long.json().error).toMatch(/landmark/);
  });

  it('takes a landmark of 200 characters, and a delivery abroad without a parish', async () => {
    const landmark = 'y'.repeat(200);
    expect((await placed(await shopperBuying(1_000), { landmark })).shipping_address.landmark).toBe(landmark);
    const abroad = await placed(await shopperBuying(1_000), { country: 'Canada', city: 'Toronto', parish: '' });
    expect(abroad.shipping_address).toMatchObject({ country: 'Canada', state: '' });
  });
});

describe('settings of the delivery methods', () => {
  it('refuses a negative fee, a lead time over 30, a pickup point code twice, a bad kind and a holiday that is no date', async () => {
    for (const bad of [
      { shipping_methods: { ...settings.shipping_methods, knutsford: { fee: -1, lead_days: 3 } } },
      { shipping_methods: { ...settings.shipping_methods, knutsford: { fee: 900, lead_days: 31 } } },
      { pickup_points: [settings.pickup_points[0], settings.pickup_points[0]] },
      { pickup_points: [{ ...settings.pickup_points[0], kind: 'courier' }] },
      { pickup_points: [{ ...settings.pickup_points[0], parish: 'Atlantis' }] },
      { public_holidays: [{ date: '2026-02-30', name: 'Nope' }] },
    ]) {
      const answer = await shop.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/',
        headers: owner.headers,
        payload: { ...settings, ...bad },
      });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().error).toEqual(expect.any(String));
    }
  });

  it('a changed lead time and fee price and promise the next order, and the change is audited', async () => {
    const changed = { ...settings, shipping_methods: { ...settings.shipping_methods, knutsford: { fee: 1_200, lead_days: 1 } } };
    expect(
      (await shop.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: owner.headers, payload: changed })).statusCode,
    ).toBe(200);
    try {
      const shopper = await shopperBuying(1_000);
      // Monday 7 December 2026, noon in Kingston.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-07T17:00:00Z') });
      const order = await placed(shopper, { shipping_method: 'knutsford', pickup_point: 'ke-montego-bay' });
      expect(order).toMatchObject({ shipping_cost: 1_200, promised_by: '2026-12-08' });
      vi.useRealTimers();
      const audit = (
        await shop.app.inject({ method: 'GET', url: '/api/admin/audit/?entity=settings&page_size=5', headers: owner.headers })
      ).json().results[0];
      expect(audit.before.shipping_methods.knutsford).toEqual({ fee: 950, lead_days: 3 });
      expect(audit.after.shipping_methods.knutsford).toEqual({ fee: 1_200, lead_days: 1 });
    } finally {
      await shop.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: owner.headers, payload: settings });
    }
  });
});

describe('a pickup point open orders wait at', () => {
  const halfWayTree = {
    code: 'ke-half-way-tree',
    name: 'Knutsford Express, Half Way Tree',
    kind: 'knutsford',
    parish: 'St. Andrew',
  } as const;
  const morantBay = { code: 'po-morant-bay', name: 'Morant Bay Post Office', kind: 'post_office', parish: 'St. Thomas' } as const;
  const withPoints = { ...settings, pickup_points: [...settings.pickup_points, halfWayTree, morantBay] };
  const save = (payload: StoreSettings) => shop.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: owner.headers, payload });
  const move = async (id: number, ...statuses: string[]) => {
    for (const status of statuses) {
      const moved = await shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/status/`,
        headers: owner.headers,
        payload: { status, note: '' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
  };
  const storedCodes = async () =>
    (
      (await shop.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: owner.headers })).json() as StoreSettings
    ).pickup_points.map((point) => point.code);

  it('is kept while an order waits there, whatever else is removed; once delivered or cancelled it may go', async () => {
    expect((await save(withPoints)).statusCode).toBe(200);
    try {
      const collected = await placed(await shopperBuying(1_000), { shipping_method: 'knutsford', pickup_point: halfWayTree.code });
      const dropped = await placed(await shopperBuying(1_000), { shipping_method: 'knutsford', pickup_point: halfWayTree.code });

      const others = withPoints.pickup_points.filter((point) => point.code !== halfWayTree.code);
      for (const without of [
        others,
        [...others, { ...halfWayTree, code: 'ke-hwt' }],
        [...others, { ...halfWayTree, kind: 'post_office' as const }],
      ]) {
        const refused = await save({ ...withPoints, pickup_points: without });
        expect(refused.statusCode, JSON.stringify(without.at(-1))).toBe(400);
        expect(refused.json().error).toBe(`pickup_points: ${adminMessages.pickupPointInUse('Knutsford Express, Half Way Tree', 2)}`);
        expect(refused.json().error).toContain('Knutsford Express, Half Way Tree is used by 2 open orders');
      }
      expect(await storedCodes()).toContain(halfWayTree.code);

      // A point no open order waits at goes, and a renamed point keeps its orders.
      const renamed = withPoints.pickup_points
        .filter((point) => point.code !== morantBay.code)
        .map((point) => (point.code === halfWayTree.code ? { ...point, name: 'Knutsford Express, HWT Transport Centre' } : point));
      expect((await save({ ...withPoints, pickup_points: renamed })).statusCode).toBe(200);
      expect(await storedCodes()).not.toContain(morantBay.code);

      await move(collected.id, 'processing', 'ready_for_pickup', 'delivered');
      const stillOne = await save({ ...withPoints, pickup_points: others });
      expect(stillOne.statusCode).toBe(400);
      expect(stillOne.json().error).toBe(`pickup_points: ${adminMessages.pickupPointInUse('Knutsford Express, HWT Transport Centre', 1)}`);
      await move(dropped.id, 'cancelled');
      expect((await save({ ...withPoints, pickup_points: others })).statusCode).toBe(200);
      expect(await storedCodes()).not.toContain(halfWayTree.code);
    } finally {
      await save(settings);
    }
  });

  it('refuses an order at a point removed after checkout read the settings', async () => {
    expect((await save(withPoints)).statusCode).toBe(200);
    const shopper = await shopperBuying(1_000);
    // Checkout read the settings (another process's cache) just before the owner removed the point.
    const before = await shop.app.settings.current();
    expect((await save(settings)).statusCode).toBe(200);
    const stale = vi.spyOn(shop.app.settings, 'current').mockResolvedValue(before);
    try {
      const refused = await checkout(shopper, { shipping_method: 'post_office', pickup_point: morantBay.code });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toBe(serverMessages.pickupPointUnknown('Post office', morantBay.code));
    } finally {
      stale.mockRestore();
    }
  });
});

describe('late orders', () => {
  it('lists orders past their promised date and not delivered or cancelled, and the dashboard counts them', async () => {
    const staff = await signInStaff(shop, 'staff');
    const list = async (query: string) =>
      (await shop.app.inject({ method: 'GET', url: `/api/admin/orders/?page_size=100${query}`, headers: staff.headers }))
        .json()
        .results.map((order: { id: number }) => order.id) as number[];
    const lateBefore = await list('&late=true');
    const dashboardBefore = (await shop.app.inject({ method: 'GET', url: '/api/admin/dashboard/', headers: owner.headers })).json()
      .late_orders.count as number;

    // Placed on Monday 2 November 2026: promised by Wednesday the 4th, so late by now.
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const shopper = await shopperBuying(1_000);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-02T15:00:00Z') });
      ids.push((await placed(shopper, {})).id);
      vi.useRealTimers();
    }
    const onTime = (await placed(await shopperBuying(1_000), {})).id;
    const [stillLate, delivered, cancelled] = ids as [number, number, number];
    const move = (id: number, status: string, extra: object = {}) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/status/`,
        headers: staff.headers,
        payload: { status, note: '', ...extra },
      });
    for (const [status, extra] of [
      ['processing', {}],
      ['shipped', { tracking_number: 'DRIVER-1' }],
      ['delivered', {}],
    ] as const) {
      expect((await move(delivered, status, extra)).statusCode).toBe(200);
    }
    expect((await move(cancelled, 'cancelled')).statusCode).toBe(200);

    const late = await list('&late=true');
    expect(late.filter((id) => !lateBefore.includes(id))).toEqual([stillLate]);
    expect(late).not.toContain(onTime);
    expect(await list('&late=false')).toEqual(expect.arrayContaining([stillLate, onTime, delivered]));
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/orders/?late=maybe', headers: staff.headers })).statusCode).toBe(400);
    const dashboard = (await shop.app.inject({ method: 'GET', url: '/api/admin/dashboard/', headers: owner.headers })).json();
    expect(dashboard.late_orders.count).toBe(dashboardBefore + 1);
  });
});
