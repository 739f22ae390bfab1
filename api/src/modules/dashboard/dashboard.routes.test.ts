import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@threadline/contracts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct, orderRow } from '../../../test/factories.ts';
import { createTestShop, signInStaff, signUp, startSession, type TestShop } from '../../../test/helper.ts';
import type { OrderTable } from '../../db/tables.ts';
import { createOrdersRepository } from '../orders/orders.repository.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';
import { addDays, dayStart, jamaicaDay } from '../../shop-days.ts';

let shop: TestShop;
let categoryId = 0;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  categoryId = await createCategory(shop.database.handle.db, { name: 'Sneakers', slug: 'sneakers' });
  await shop.ready();
});
afterAll(() => shop.close());

let numbered = 0;
/** An order placed at `createdAt`, stored and counted in its day's figures as checkout does (money in cents). */
async function order(createdAt: string, values: Partial<Pick<OrderTable, 'status' | 'payment_status' | 'payment_method' | 'total'>> = {}) {
  numbered += 1;
  const total = values.total ?? 100_000;
  const orders = createOrdersRepository(shop.database.handle.db, shop.database.handle.dialect);
  const placed = orderRow(`TL-TEST-${numbered}`, createdAt, {
    phone: '876 555 0100',
    status: values.status ?? 'processing',
    payment_status: values.payment_status ?? 'COMPLETED',
    payment_method: values.payment_method ?? 'stripe',
    total,
  });
  const { id } = await shop.database.handle.db.insertInto('orders').values(placed).returning('id').executeTakeFirstOrThrow();
  await orders.countChange(null, { id, ...placed, refunded_total: 0 });
  return id;
}

const dashboardAt = (now: Date): Promise<AdminDashboard> =>
  createDashboardService(createDashboardRepository(shop.database.handle.db)).dashboard(now);

describe('GET /api/admin/dashboard/', () => {
  it('answers a guest 401 and a customer 403, and staff as well as the owner', async () => {
    const call = (headers: Record<string, string>) => shop.app.inject({ method: 'GET', url: '/api/admin/dashboard/', headers });
    expect((await call((await startSession(shop.app)).headers)).statusCode).toBe(401);
    expect((await call((await signUp(shop.app, { email: 'shopper@threadline.test' })).headers)).statusCode).toBe(403);
    const staff = await call((await signInStaff(shop, 'staff')).headers);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().last_30_days).toHaveLength(30);
    expect(staff.json().last_30_days.at(-1).day).toBe(jamaicaDay(new Date()));
    expect((await call((await signInStaff(shop, 'owner')).headers)).statusCode).toBe(200);
  });

  it('counts today and this month in Jamaica’s time, revenue from paid orders that were not cancelled', async () => {
    // 2026-03-15 02:00 UTC is still 14 March in Kingston (UTC−5).
    const now = new Date('2026-03-15T02:00:00.000Z');
    const today = '2026-03-14';
    const start = dayStart(today);
    expect(start).toBe('2026-03-14T05:00:00.000Z');

    await order('2026-03-14T05:00:00.000Z', { total: 150_050 }); // the first moment of today
    await order('2026-03-15T01:59:59.000Z', { total: 20_000, payment_status: 'PENDING', payment_method: 'cash_on_delivery' }); // unpaid: an order, no revenue
    await order('2026-03-14T12:00:00.000Z', { total: 99_900, status: 'cancelled' }); // cancelled: neither
    await order('2026-03-14T04:59:59.000Z', { total: 30_000 }); // the last moment of yesterday
    await order('2026-03-01T05:00:00.000Z', { total: 40_000 }); // the first moment of the month
    await order('2026-03-01T04:59:59.000Z', { total: 70_000 }); // still February in Kingston
    await order('2026-03-15T05:00:00.000Z', { total: 80_000 }); // tomorrow (a clock ahead of this one)

    const figures = await dashboardAt(now);
    expect(figures.today).toEqual({ orders: 2, revenue: 1_500.5 });
    expect(figures.month).toEqual({ orders: 4, revenue: 2_200.5 });
    // The same month by how it is paid: its methods' figures add up to the month's.
    expect(figures.month_by_payment_method).toEqual([
      { payment_method: 'stripe', orders: 3, revenue: 2_200.5 },
      { payment_method: 'cash_on_delivery', orders: 1, revenue: 0 },
    ]);
    expect(figures.last_30_days).toHaveLength(30);
    expect(figures.last_30_days.at(-1)).toEqual({ day: today, orders: 2, revenue: 1_500.5 });
    expect(figures.last_30_days.at(-2)).toEqual({ day: '2026-03-13', orders: 1, revenue: 300 });
    expect(figures.last_30_days.find((day) => day.day === '2026-02-28')).toEqual({ day: '2026-02-28', orders: 1, revenue: 700 });
    expect(figures.last_30_days[0]?.day).toBe(addDays(today, -29));
  });

  it('counts the whole month on the 31st, whose 1st is before the 30 days of the chart', async () => {
    const now = new Date('2025-07-31T15:00:00.000Z');
    await order('2025-07-01T05:00:00.000Z', { total: 10_000 });
    await order('2025-07-02T05:00:00.000Z', { total: 20_000 });
    await order('2025-06-30T12:00:00.000Z', { total: 40_000 });
    const figures = await dashboardAt(now);
    expect(figures.last_30_days[0]?.day).toBe('2025-07-02');
    expect(figures.month).toEqual({ orders: 2, revenue: 300 });
  });

  it('reads every day live: an order counts on its day as soon as it is placed', async () => {
    const now = new Date('2024-05-10T18:00:00.000Z');
    const service = createDashboardService(createDashboardRepository(shop.database.handle.db));
    const before = await service.dashboard(now);
    await order('2024-05-10T16:00:00.000Z', { total: 50_000 }); // today
    await order('2024-05-09T16:00:00.000Z', { total: 70_000 }); // yesterday, paid late
    const after = await service.dashboard(now);
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.last_30_days.at(-2)?.orders).toBe((before.last_30_days.at(-2)?.orders ?? 0) + 1);
    expect(after.month.revenue).toBe(before.month.revenue + 1_200);
  });

  it('lists the best sellers, the variants running low (sold out first) and cash orders unpaid for over a week', async () => {
    const now = new Date('2027-06-20T15:00:00.000Z');
    await createProduct(shop.database.handle.db, {
      name: 'Harbour Tee',
      categoryId,
      price: 250_000,
      unitsSold: 40,
      variants: [{ size: 'M', color: 'White', stock: 3 }],
    });
    await createProduct(shop.database.handle.db, {
      name: 'Blue Mountain Cap',
      categoryId,
      price: 180_000,
      unitsSold: 90,
      variants: [
        { size: null, color: 'Navy', stock: 0 },
        { size: null, color: 'Red', stock: 6 },
      ],
    });
    await createProduct(shop.database.handle.db, {
      name: 'Unsold Sock',
      categoryId,
      price: 50_000,
      unitsSold: 0,
      variants: [{ stock: 5 }],
    });

    const unpaidBefore = (await dashboardAt(now)).unpaid_cash_orders.count;
    const eightDaysAgo = new Date(now.getTime() - 8 * 86_400_000).toISOString();
    const sixDaysAgo = new Date(now.getTime() - 6 * 86_400_000).toISOString();
    const unpaid = await order(eightDaysAgo, {
      payment_method: 'cash_on_delivery',
      payment_status: 'PENDING',
      status: 'shipped',
      total: 12_345,
    });
    await order(sixDaysAgo, { payment_method: 'cash_on_delivery', payment_status: 'PENDING' }); // not a week yet
    await order(eightDaysAgo, { payment_method: 'cash_on_delivery', payment_status: 'PENDING', status: 'cancelled' });
    await order(eightDaysAgo, { payment_method: 'cash_on_delivery', payment_status: 'COMPLETED' });
    await order(eightDaysAgo, { payment_method: 'stripe', payment_status: 'PENDING' });

    const figures = await dashboardAt(now);
    expect(figures.best_sellers.map((product) => [product.name, product.units_sold])).toEqual([
      ['Blue Mountain Cap', 90],
      ['Harbour Tee', 40],
    ]);
    expect(figures.low_stock.map((variant) => [variant.product_name, variant.color, variant.stock])).toEqual([
      ['Blue Mountain Cap', 'Navy', 0],
      ['Harbour Tee', 'White', 3],
      ['Unsold Sock', null, 5],
    ]);
    expect(figures.unpaid_cash_orders.count).toBe(unpaidBefore + 1);
    expect(figures.unpaid_cash_orders.oldest).toContainEqual({
      id: unpaid,
      order_number: expect.any(String),
      name: 'Kemar Brown',
      total: 123.45,
      created_at: eightDaysAgo,
    });
  });

  it('counts a partly refunded order as what was paid less what was refunded (J$2,400 less J$500 is J$1,900)', async () => {
    const { id: productId } = await createProduct(shop.database.handle.db, {
      name: 'Trench Town Tote',
      categoryId,
      price: 240_000,
      variants: [{ stock: 50 }],
    });
    const owner = await signInStaff(shop, 'owner');
    const inject = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
      shop.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const figures = async (): Promise<AdminDashboard> => (await inject(owner.headers, 'GET', '/api/admin/dashboard/')).json();
    const before = await figures();

    const shopper = await startSession(shop.app);
    await inject(shopper.headers, 'POST', '/api/orders/cart/', { product_id: productId, quantity: 1 });
    const placed = await inject(shopper.headers, 'POST', '/api/orders/checkout/', pickupCheckoutForm('cash_on_delivery'));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    expect(
      (await inject(owner.headers, 'POST', `/api/admin/orders/${orderId}/mark-paid/`, { note: 'Paid at the counter' })).statusCode,
    ).toBe(200);
    const paid = await figures();
    expect(paid.today).toEqual({ orders: before.today.orders + 1, revenue: before.today.revenue + 2_400 });

    const refunded = await inject(owner.headers, 'POST', `/api/admin/orders/${orderId}/refund/`, { amount: 500, reason: 'Strap frayed' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().order.payment_status).toBe('PARTIALLY_REFUNDED');
    const partly = await figures();
    expect(partly.today).toEqual({ orders: before.today.orders + 1, revenue: before.today.revenue + 1_900 });
    expect(partly.month.revenue).toBe(before.month.revenue + 1_900);
    expect(partly.last_30_days.at(-1)?.revenue).toBe(before.today.revenue + 1_900);

    // The rest refunded: nothing of it is revenue; the order still counts.
    expect(
      (await inject(owner.headers, 'POST', `/api/admin/orders/${orderId}/refund/`, { reason: 'Returned' })).json().order.payment_status,
    ).toBe('REFUNDED');
    expect((await figures()).today).toEqual({ orders: before.today.orders + 1, revenue: before.today.revenue });
  });
});
