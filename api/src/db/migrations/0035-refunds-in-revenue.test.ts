import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { orderRow } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { OrderTable } from '../tables.ts';
import * as refundsInRevenue from './0035-refunds-in-revenue.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(() => database.drop());

let numbered = 0;
const order = (createdAt: string, state: Pick<OrderTable, 'status' | 'payment_status' | 'total'> & { refunded_total: number }) => {
  numbered += 1;
  return orderRow(`TL-OLD-${numbered}`, createdAt, state);
};

describe('migration 0035: the day figures of orders already refunded', () => {
  it('recounts each day as what was paid less what was refunded', async () => {
    const db = database.handle.db;
    await db
      .insertInto('orders')
      .values([
        order('2026-03-14T15:00:00.000Z', { status: 'delivered', payment_status: 'COMPLETED', total: 150_000, refunded_total: 0 }),
        order('2026-03-14T16:00:00.000Z', { status: 'delivered', payment_status: 'PARTIALLY_REFUNDED', total: 240_000, refunded_total: 50_000 }),
        order('2026-03-14T17:00:00.000Z', { status: 'delivered', payment_status: 'REFUNDED', total: 30_000, refunded_total: 30_000 }),
        order('2026-03-14T18:00:00.000Z', { status: 'pending', payment_status: 'PENDING', total: 20_000, refunded_total: 0 }),
        order('2026-03-14T19:00:00.000Z', { status: 'cancelled', payment_status: 'REFUNDED', total: 99_900, refunded_total: 99_900 }),
      ])
      .execute();
    // As the figures were kept before: the partly refunded order counted nothing.
    await db.insertInto('order_day_totals').values({ day: '2026-03-14', slot: 0, orders: 4, revenue: 150_000 }).execute();
    await refundsInRevenue.up(db as unknown as Kysely<unknown>);

    const days = await db.selectFrom('order_day_totals').select(['day', 'orders', 'revenue']).orderBy('day').execute();
    expect(days.map((day) => ({ ...day, orders: Number(day.orders), revenue: Number(day.revenue) }))).toEqual([{ day: '2026-03-14', orders: 4, revenue: 340_000 }]);
  });
});
