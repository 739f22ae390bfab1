import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, defaultStoreSettings, type StoreSettings } from '@threadline/contracts';
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
let owner: SignedInShopper;
let categoryId = 0;

beforeAll(async () => {
  shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '50' } });
  categoryId = await createCategory(shop.database.handle.db, { name: 'Sneakers', slug: 'sneakers' });
  await shop.ready();
  owner = await signInStaff(shop, 'owner');
});
afterAll(() => shop.close());

const settingsCall = (method: 'GET' | 'PUT', headers: Record<string, string>, payload?: object) =>
  shop.app.inject({ method, url: '/api/admin/settings/', headers, ...(payload ? { payload } : {}) });
const save = async (settings: StoreSettings) => {
  const response = await settingsCall('PUT', owner.headers, settings);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StoreSettings;
};
const withFees = (fees: Partial<StoreSettings['delivery_fees']>, rest: Partial<StoreSettings> = {}): StoreSettings => ({
  ...defaultStoreSettings,
  ...rest,
  delivery_fees: { ...defaultStoreSettings.delivery_fees, ...fees },
});
const withTax = (tax: Record<string, unknown>) => ({ ...defaultStoreSettings, tax: { ...defaultStoreSettings.tax, ...tax } });
const settingsAudit = async () =>
  (await shop.app.inject({ method: 'GET', url: '/api/admin/audit/?entity=settings&page_size=100', headers: owner.headers })).json()
    .results as Array<{
    before: StoreSettings;
    after: StoreSettings;
    staff: { id: number };
  }>;

const form = {
  first_name: 'Ayesha',
  last_name: 'Campbell',
  email: 'ayesha@example.com',
  phone: '876 555 0100',
  address_line1: '12 Hope Road',
  address_line2: '',
  country: 'Jamaica',
  city: 'Kingston',
  parish: 'St. Andrew',
  postal_code: '',
  shipping_method: 'delivery',
  payment_method: 'cash_on_delivery',
  shipping_cost: 0,
  currency: 'JMD',
};

/** A shopper with `quantity` of a J$`price` runner in the cart. */
async function shopperBuying(price: number, quantity = 1): Promise<ShopperSession> {
  const runner = await createProduct(shop.database.handle.db, {
    name: `Runner ${price}`,
    categoryId,
    price: price * 100,
    variants: [{ size: '9', color: 'Black', stock: 50 }],
  });
  const shopper = await startSession(shop.app);
  const added = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/cart/',
    headers: shopper.headers,
    payload: { product_id: runner.id, quantity, variant_size: '9', variant_color: 'Black' },
  });
  expect(added.statusCode, added.body).toBe(200);
  return shopper;
}
let buyers = 0;
async function checkOut(shopper: ShopperSession, change: object = {}) {
  buyers += 1;
  const payload = { ...form, email: `buyer-${buyers}@example.com`, ...change };
  const placed = await shop.app.inject({ method: 'POST', url: '/api/orders/checkout/', headers: shopper.headers, payload });
  expect(placed.statusCode, placed.body).toBe(200);
  return (await shop.app.inject({ method: 'GET', url: `/api/orders/${placed.json().order_id}/`, headers: shopper.headers })).json();
}

describe('who may read and change the settings', () => {
  it('answers a guest 401, a customer 403 and staff 403: the settings are the owner’s', async () => {
    const guest = await startSession(shop.app);
    expect((await settingsCall('GET', guest.headers)).statusCode).toBe(401);
    expect((await settingsCall('PUT', guest.headers, defaultStoreSettings)).statusCode).toBe(401);
    const customer = await signUp(shop.app, { email: 'shopper@threadline.test' });
    expect((await settingsCall('GET', customer.headers)).statusCode).toBe(403);
    expect((await settingsCall('PUT', customer.headers, defaultStoreSettings)).statusCode).toBe(403);
    const staff = await signInStaff(shop, 'staff');
    const refused = await settingsCall('PUT', staff.headers, withFees({ Kingston: 1 }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: adminMessages.ownerOnly, request_id: expect.any(String) });
    expect((await settingsCall('GET', staff.headers)).statusCode).toBe(403);
    expect((await settingsCall('GET', owner.headers)).json().delivery_fees.Kingston).toBe(10);
  });
});

/** What a test shop offers at checkout: the built-in test card provider (no Stripe key) and cash. */
const offered = ['stripe', 'cash_on_delivery'];
/** The default settings offer every shipping method (KINGSTON.md §3: each has a fee and pickup points). */
const allShippingMethods = ['pickup', 'delivery', 'knutsford', 'post_office'];

describe('the settings', () => {
  it('start as SPEC §9 has them: 10.00 delivery everywhere, no free delivery, no tax, the shop’s details', async () => {
    const fresh = await createTestShop({ seed: false });
    await fresh.ready();
    try {
      const answer = await fresh.app.inject({ method: 'GET', url: '/api/store/' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ ...defaultStoreSettings, payment_methods: offered, shipping_methods_offered: allShippingMethods });
      expect(Object.values(answer.json().delivery_fees)).toEqual(Array(14).fill(10));
    } finally {
      await fresh.close();
    }
  });

  it('saved before the store’s directions, hints and map point were settings: keep what was saved and gain the defaults of the new ones', async () => {
    const {
      directions: _directions,
      getting_here: _hints,
      map_location: _point,
      ...olderStore
    } = { ...defaultStoreSettings.store, street: '9 Duke Street' };
    const older = { ...withFees({ Kingston: 700 }), store: olderStore };
    await shop.database.handle.db
      .updateTable('shop_settings')
      .set({ settings: JSON.stringify(older) })
      .where('id', '=', 1)
      .execute();
    shop.app.settings.forget();
    const answer = (await shop.app.inject({ method: 'GET', url: '/api/store/' })).json() as StoreSettings;
    expect(answer.delivery_fees.Kingston).toBe(700);
    expect(answer.store).toEqual({ ...defaultStoreSettings.store, street: '9 Duke Street' });
    await save(defaultStoreSettings);
  });

  it.each([
    ['a fee above 100,000', withFees({ Kingston: 100_000.01 })],
    ['a negative fee', withFees({ Kingston: -1 })],
    ['a fee in fractions of a cent', withFees({ Kingston: 10.005 })],
    ['a missing parish', { ...defaultStoreSettings, delivery_fees: { Kingston: 10 } }],
    ['an unknown parish', { ...defaultStoreSettings, delivery_fees: { ...defaultStoreSettings.delivery_fees, Gotham: 5 } }],
    ['a tax rate above 100 %', withTax({ rate: 100.5 })],
    ['a negative tax rate', withTax({ rate: -1 })],
    ['a tax rate of 3 decimals', withTax({ rate: 15.005 })],
    ['a tax rate in text', withTax({ rate: '15' })],
    ['a blank tax name', withTax({ name: ' ' })],
    ['a tax name of 21 characters', withTax({ name: 'G'.repeat(21) })],
    ['prices that "maybe" include tax', withTax({ prices_include_tax: 'yes' })],
    ['no word on whether prices include tax', { ...defaultStoreSettings, tax: { name: 'GCT', rate: 15, registration_number: null } }],
    ['a registration number of 41 characters', withTax({ registration_number: '1'.repeat(41) })],
    ['a NUL in the registration number', withTax({ registration_number: '000-\u0000' })],
    ['the tax rate as it was before the tax had a name', { ...defaultStoreSettings, tax: undefined, tax_rate: 15 }],
    ['a blank phone', { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, phone: ' ' } }],
    ['a NUL in the street', { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, street: 'King\u0000 Street' } }],
    ['a street of 201 characters', { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, street: 'x'.repeat(201) } }],
    ['not an e-mail', { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, email: 'hello' } }],
    [
      'eight lines of hours',
      { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, hours: Array(8).fill({ days: 'Mon', hours: '9-5' }) } },
    ],
    [
      'a blank getting-here hint',
      { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, getting_here: ['Free parking', ' '] } },
    ],
    [
      'a latitude past the pole',
      { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, map_location: { latitude: 91, longitude: -76.79 } } },
    ],
    ['directions of 301 characters', { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, directions: 'x'.repeat(301) } }],
  ])('refuses %s with a 400 and keeps what was saved', async (_, settings) => {
    const before = (await settingsCall('GET', owner.headers)).json();
    const response = await settingsCall('PUT', owner.headers, settings);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().error).toBe('string');
    expect((await settingsCall('GET', owner.headers)).json()).toEqual(before);
  });

  it('saves, shows the storefront at once, and records who changed what from what', async () => {
    const changed = withFees(
      { 'St. Andrew': 650 },
      {
        free_delivery_over: 20_000,
        tax: { name: 'GCT', rate: 15, prices_include_tax: true, registration_number: '001-234-567' },
        store: { ...defaultStoreSettings.store, phone: '+1 (876) 555-0199' },
      },
    );
    expect(await save(changed)).toEqual(changed);
    expect((await shop.app.inject({ method: 'GET', url: '/api/store/' })).json()).toEqual({
      ...changed,
      payment_methods: offered,
      shipping_methods_offered: allShippingMethods,
    });
    const [entry] = await settingsAudit();
    expect(entry?.staff.id).toBe(owner.userId);
    expect(entry?.after).toEqual(changed);
    expect(entry?.before.store.phone).not.toBe('+1 (876) 555-0199');
    await save(defaultStoreSettings);
  });

  it('is what checkout charges: the parish’s fee, free delivery from the threshold, tax on the goods after discount', async () => {
    await save(
      withFees({ 'St. Andrew': 650, Portland: 1_200 }, { free_delivery_over: 5_000, tax: { ...defaultStoreSettings.tax, rate: 16.5 } }),
    );

    const toStAndrew = await checkOut(await shopperBuying(1_000));
    expect(toStAndrew).toMatchObject({ subtotal: 1_000, shipping_cost: 650, tax_amount: 165, total: 1_815 });

    // 'saint andrew' is St. Andrew; an address outside the 14 parishes pays the highest fee.
    expect(await checkOut(await shopperBuying(1_000), { parish: 'saint andrew' })).toMatchObject({ shipping_cost: 650 });
    expect(await checkOut(await shopperBuying(1_000), { parish: 'Ontario', country: 'Canada' })).toMatchObject({ shipping_cost: 1_200 });
    expect(await checkOut(await shopperBuying(1_000), { shipping_method: 'pickup' })).toMatchObject({
      shipping_cost: 0,
      tax_amount: 165,
      total: 1_165,
    });

    // J$2,500 × 2 reaches the J$5,000 threshold: delivery is free, tax still due.
    expect(await checkOut(await shopperBuying(2_500, 2))).toMatchObject({
      subtotal: 5_000,
      shipping_cost: 0,
      tax_amount: 825,
      total: 5_825,
    });

    // An order already placed keeps what it was charged.
    await save(defaultStoreSettings);
    const kept = await shop.database.handle.db
      .selectFrom('orders')
      .select(['shipping_cost', 'tax_amount', 'total'])
      .where('id', '=', toStAndrew.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ shipping_cost: 65_000, tax_amount: 16_500, total: 181_500 });
    expect(await checkOut(await shopperBuying(1_000))).toMatchObject({ shipping_cost: 10, tax_amount: 0, total: 1_010 });
  });

  it('with prices holding the tax: checkout charges the shelf price and the order shows the tax it holds, to the cent', async () => {
    await save(withFees({ 'St. Andrew': 650 }, { tax: { name: 'GCT', rate: 15, prices_include_tax: true, registration_number: '  ' } }));
    // A blank registration number is none.
    expect((await shop.app.inject({ method: 'GET', url: '/api/store/' })).json().tax).toEqual({
      name: 'GCT',
      rate: 15,
      prices_include_tax: true,
      registration_number: null,
    });
    // J$1,150 holds J$150 of GCT; J$999.99 holds 130.4334… → J$130.43; delivery is not taxed.
    expect(await checkOut(await shopperBuying(1_150))).toMatchObject({
      subtotal: 1_150,
      shipping_cost: 650,
      tax_amount: 150,
      total: 1_800,
      prices_include_tax: true,
    });
    expect(await checkOut(await shopperBuying(999.99), { shipping_method: 'pickup' })).toMatchObject({
      subtotal: 999.99,
      tax_amount: 130.43,
      total: 999.99,
      prices_include_tax: true,
    });
    // The cart answers what checkout charges: its total is the shelf prices'.
    const shopper = await shopperBuying(999.99);
    expect((await shop.app.inject({ method: 'GET', url: '/api/orders/cart/', headers: shopper.headers })).json()).toMatchObject({
      total: 999.99,
    });
    await save(defaultStoreSettings);
    expect(await checkOut(await shopperBuying(1_150), { shipping_method: 'pickup' })).toMatchObject({
      tax_amount: 0,
      total: 1_150,
      prices_include_tax: false,
    });
  });

  it('takes a tax sent without a registration number as one with none', async () => {
    const { registration_number: _none, ...tax } = { name: 'GCT', rate: 15, prices_include_tax: false, registration_number: null };
    const saved = await settingsCall('PUT', owner.headers, { ...defaultStoreSettings, tax });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tax).toEqual({ ...tax, registration_number: null });
    await save(defaultStoreSettings);
  });

  it('takes concurrent changes one after another: each audit entry’s before is the change before it', async () => {
    const changes = [100, 200, 300, 400].map((fee) => withFees({ Kingston: fee }));
    const answers = await Promise.all(changes.map((settings) => settingsCall('PUT', owner.headers, settings)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const entries = (await settingsAudit()).slice(0, 4).reverse();
    for (let index = 1; index < entries.length; index += 1) {
      expect(entries[index]?.before).toEqual(entries[index - 1]?.after);
    }
    const last = entries[entries.length - 1]?.after;
    expect((await shop.app.inject({ method: 'GET', url: '/api/store/' })).json()).toEqual({
      ...last,
      payment_methods: offered,
      shipping_methods_offered: allShippingMethods,
    });
    await save(defaultStoreSettings);
  });
});
