import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages, type AdminCustomer } from '@threadline/contracts';
import {
  createTestShop,
  signInStaff,
  signUp,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import type { OrderTable } from '../../db/tables.ts';

let shop: TestShop;
let staff: SignedInShopper;
let ayesha: SignedInShopper;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
  staff = await signInStaff(shop, 'staff', 'marcia@threadline.test');
  ayesha = await signUp(shop.app, { email: 'Ayesha.Campbell@example.com', first_name: 'Ayesha', last_name: 'Campbell' });
  await signUp(shop.app, { email: 'obrown@example.com', first_name: 'Omar', last_name: 'Brown' });
  await signUp(shop.app, { email: 'odette@example.com', first_name: 'Odette', last_name: 'Browne' });
  await signUp(shop.app, { email: 'percent_100@example.com', first_name: 'Pat', last_name: 'Reid' });
});
afterAll(() => shop.close());

const call = (session: ShopperSession, url: string) => shop.app.inject({ method: 'GET', url, headers: session.headers });
const emailsFound = async (search: string) =>
  ((await call(staff, `/api/admin/customers/?search=${encodeURIComponent(search)}`)).json().results as AdminCustomer[])
    .map((customer) => customer.email)
    .sort();

let orderNumber = 0;
async function placeOrder(
  userId: number,
  values: Pick<OrderTable, 'status' | 'payment_status' | 'total'> & { refunded_total?: number; created_at: string },
) {
  orderNumber += 1;
  await shop.database.handle.db
    .insertInto('orders')
    .values({
      order_number: `TL-TEST-${orderNumber}`,
      user_id: userId,
      session_id: null,
      email: 'ayesha.campbell@example.com',
      first_name: 'Ayesha',
      last_name: 'Campbell',
      phone: '876-555-0101',
      payment_method: 'stripe',
      shipping_method: 'delivery',
      address_line1: '12 Hope Road',
      address_line2: '',
      city: 'Kingston',
      parish: 'St. Andrew',
      postal_code: '',
      country: 'Jamaica',
      subtotal: values.total,
      discount_amount: 0,
      shipping_cost: 0,
      tax_amount: 0,
      currency: 'JMD',
      exchange_rate: '1',
      updated_at: values.created_at,
      ...values,
    })
    .execute();
}

describe('the door', () => {
  it('answers guests 401, customers 403 and bad input 400', async () => {
    const guest = await startSession(shop.app);
    expect((await call(guest, '/api/admin/customers/')).statusCode).toBe(401);
    expect((await call(ayesha, '/api/admin/customers/')).statusCode).toBe(403);
    expect((await call(ayesha, `/api/admin/customers/${ayesha.userId}/`)).statusCode).toBe(403);
    expect((await call(staff, '/api/admin/customers/?page_size=101')).statusCode).toBe(400);
    expect((await call(staff, `/api/admin/customers/?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await call(staff, '/api/admin/customers/0/')).statusCode).toBe(400);
  });
});

describe('finding a customer', () => {
  it('searches by the start of an e-mail address, a first or last name, or both names', async () => {
    expect(await emailsFound('ayesha')).toEqual(['Ayesha.Campbell@example.com']);
    expect(await emailsFound('  CAMP ')).toEqual(['Ayesha.Campbell@example.com']);
    expect(await emailsFound('brown')).toEqual(['obrown@example.com', 'odette@example.com']);
    expect(await emailsFound('omar  br')).toEqual(['obrown@example.com']);
    expect(await emailsFound('o')).toEqual(['obrown@example.com', 'odette@example.com']);
    expect(await emailsFound('OBROWN@EXAMPLE.COM')).toEqual(['obrown@example.com']);
    // Wildcards are letters like any other; the middle of a name is not its start.
    expect(await emailsFound('percent_')).toEqual(['percent_100@example.com']);
    expect(await emailsFound('percent%')).toEqual([]);
    expect(await emailsFound('%')).toEqual([]);
    expect(await emailsFound('ampbell')).toEqual([]);
  });

  it('lists every customer account newest first, paged, and no staff account', async () => {
    const first = (await call(staff, '/api/admin/customers/?page_size=2')).json();
    expect(first.count).toBe(4);
    expect(await emailsFound('marcia')).toEqual([]);
    expect(first.results.map((customer: AdminCustomer) => customer.email)).toEqual(['percent_100@example.com', 'odette@example.com']);
    expect(first.results[0]).toEqual({
      id: expect.any(Number),
      kind: 'account',
      email: 'percent_100@example.com',
      first_name: 'Pat',
      last_name: 'Reid',
      phone: '',
      role: 'customer',
      date_joined: expect.any(String),
    });
    expect(first.next).toBe('/api/admin/customers/?page_size=2&page=2');
    const searched = (await call(staff, '/api/admin/customers/?search=o&page_size=1')).json();
    expect(searched.next).toBe('/api/admin/customers/?page_size=1&search=o&page=2');
  });
});

describe('guest buyers', () => {
  it('lists someone who bought without an account once, by e-mail address, newest first among the accounts', async () => {
    let guestOrders = 0;
    const guest = async (email: string, firstName: string, createdAt: string) => {
      guestOrders += 1;
      await shop.database.handle.db
        .insertInto('orders')
        .values({
          order_number: `TL-GUEST-${guestOrders}`,
          user_id: null,
          session_id: null,
          email,
          first_name: firstName,
          last_name: 'Wright',
          name_first_last: `${firstName.toLowerCase()} wright`,
          name_last_first: `wright ${firstName.toLowerCase()}`,
          phone: '876-555-0142',
          payment_method: 'cash_on_delivery',
          shipping_method: 'pickup',
          address_line1: '',
          address_line2: '',
          city: '',
          parish: '',
          postal_code: '',
          country: 'Jamaica',
          subtotal: 100_000,
          discount_amount: 0,
          shipping_cost: 0,
          tax_amount: 0,
          currency: 'JMD',
          exchange_rate: '1',
          status: 'pending',
          payment_status: 'PENDING',
          total: 100_000,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    };
    await guest('Tanisha.Wright@example.com', 'Tanisha', '2099-01-02T10:00:00.000Z');
    await guest('tanisha.wright@example.com', 'Tanisha', '2099-01-03T10:00:00.000Z');
    // A guest order under an account's e-mail address is that customer's, not another guest.
    await guest('OBROWN@example.com', 'Omar', '2099-01-04T10:00:00.000Z');
    // Marcia (staff) bought as a guest under her own address: she has an account, so she is not listed.
    await guest('marcia@threadline.test', 'Marcia', '2099-01-05T10:00:00.000Z');

    const listed = (await call(staff, '/api/admin/customers/?page_size=100')).json();
    expect(listed.count).toBe(5);
    expect(listed.results[0]).toEqual({
      id: null,
      kind: 'guest',
      email: 'Tanisha.Wright@example.com',
      first_name: 'Tanisha',
      last_name: 'Wright',
      phone: '876-555-0142',
      role: 'customer',
      date_joined: '2099-01-02T10:00:00.000Z',
    });
    expect(listed.results.filter((customer: AdminCustomer) => customer.kind === 'guest')).toHaveLength(1);
    expect(await emailsFound('tanisha')).toEqual(['Tanisha.Wright@example.com']);
    expect(await emailsFound('wright t')).toEqual(['Tanisha.Wright@example.com']);
    expect(await emailsFound('marcia')).toEqual([]);
    await shop.database.handle.db.deleteFrom('orders').where('order_number', 'like', 'TL-GUEST-%').execute();
  });
});

describe('a customer', () => {
  it('shows the profile, addresses and orders, with what was spent on orders paid and kept', async () => {
    const db = shop.database.handle.db;
    await db
      .insertInto('addresses')
      .values([
        {
          user_id: ayesha.userId,
          label: 'Home',
          street_address: '12 Hope Road',
          apartment: '',
          postal_code: '',
          city: 'Kingston',
          state: 'St. Andrew',
          country: 'Jamaica',
          is_default: 1,
          created_at: '2026-11-01T00:00:00.000Z',
        },
        {
          user_id: ayesha.userId,
          label: 'Work',
          street_address: '1 Knutsford Blvd',
          apartment: 'Suite 4',
          postal_code: '',
          city: 'Kingston',
          state: 'St. Andrew',
          country: 'Jamaica',
          is_default: 0,
          created_at: '2026-11-02T00:00:00.000Z',
        },
      ])
      .execute();
    await placeOrder(ayesha.userId, {
      status: 'delivered',
      payment_status: 'COMPLETED',
      total: 1_250_050,
      created_at: '2026-11-01T10:00:00.000Z',
    });
    await placeOrder(ayesha.userId, {
      status: 'cancelled',
      payment_status: 'COMPLETED',
      total: 500_000,
      created_at: '2026-11-02T10:00:00.000Z',
    });
    await placeOrder(ayesha.userId, {
      status: 'pending',
      payment_status: 'PENDING',
      total: 200_000,
      created_at: '2026-11-03T10:00:00.000Z',
    });
    await placeOrder(ayesha.userId, {
      status: 'processing',
      payment_status: 'COMPLETED',
      total: 300_000,
      created_at: '2026-11-04T10:00:00.000Z',
    });
    await placeOrder(ayesha.userId, {
      status: 'cancelled',
      payment_status: 'FAILED',
      total: 99_900,
      created_at: '2026-11-05T10:00:00.000Z',
    });

    const response = await call(staff, `/api/admin/customers/${ayesha.userId}/`);
    expect(response.statusCode).toBe(200);
    const customer = response.json();
    expect(customer).toMatchObject({
      id: ayesha.userId,
      email: 'Ayesha.Campbell@example.com',
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email_verified: false,
      orders_count: 5,
      lifetime_spend: 15_500.5,
    });
    expect(customer.addresses.map((address: { label: string; is_default: boolean }) => [address.label, address.is_default])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
    expect(customer.orders.map((order: { status: string }) => order.status)).toEqual([
      'cancelled',
      'processing',
      'pending',
      'cancelled',
      'delivered',
    ]);
    expect(customer.orders[4]).toMatchObject({ order_number: 'TL-TEST-1', payment_status: 'COMPLETED', total: 12_500.5 });
    expect(customer).not.toHaveProperty('password_hash');
  });

  it('counts what a customer kept of a partly refunded order, and nothing of a refunded one', async () => {
    const kemar = await signUp(shop.app, { email: 'kemar.refunds@example.com', first_name: 'Kemar', last_name: 'Refunds' });
    await placeOrder(kemar.userId, {
      status: 'delivered',
      payment_status: 'PARTIALLY_REFUNDED',
      total: 1_000_000,
      refunded_total: 250_000,
      created_at: '2026-11-06T10:00:00.000Z',
    });
    await placeOrder(kemar.userId, {
      status: 'delivered',
      payment_status: 'REFUNDED',
      total: 400_000,
      refunded_total: 400_000,
      created_at: '2026-11-07T10:00:00.000Z',
    });
    await placeOrder(kemar.userId, {
      status: 'shipped',
      payment_status: 'COMPLETED',
      total: 100_000,
      created_at: '2026-11-08T10:00:00.000Z',
    });
    expect((await call(staff, `/api/admin/customers/${kemar.userId}/`)).json()).toMatchObject({ orders_count: 3, lifetime_spend: 8_500 });
  });

  it('shows a customer with no orders as spending nothing, and 404 for nobody', async () => {
    const pat = (await call(staff, '/api/admin/customers/?search=pat')).json().results[0] as AdminCustomer;
    expect((await call(staff, `/api/admin/customers/${pat.id}/`)).json()).toMatchObject({
      orders: [],
      addresses: [],
      orders_count: 0,
      lifetime_spend: 0,
    });
    const missing = await call(staff, '/api/admin/customers/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: customerMessages.notFound, request_id: expect.any(String) });
  });
});
