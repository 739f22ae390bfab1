import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { orderRow } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { OrderTable } from '../tables.ts';
import * as refundsAndNumberTails from './0035-refunds-and-number-tails.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(() => database.drop());

let numbered = 0;
const numbers: Record<number, string> = { 1: 'TL-260314-K7P2Q', 3: 'TL-260314-AB3CD' };
const order = (createdAt: string, state: Pick<OrderTable, 'status' | 'payment_status' | 'total'> & { refunded_total: number }) => {
  numbered += 1;
  return orderRow(numbers[numbered] ?? `TL-OLD-${numbered}`, createdAt, state);
};

describe('migration 0035: the day figures of orders already refunded, the number tails of orders already placed', () => {
  it('recounts each day as what was paid less what was refunded, and keys each number from its end', async () => {
    const db = database.handle.db;
    const migrationDb = db as unknown as Kysely<unknown>;
    await refundsAndNumberTails.down(migrationDb);
    await db
      .insertInto('orders')
      .values([
        order('2026-03-14T15:00:00.000Z', { status: 'delivered', payment_status: 'COMPLETED', total: 150_000, refunded_total: 0 }),
        order('2026-03-14T16:00:00.000Z', {
          status: 'delivered',
          payment_status: 'PARTIALLY_REFUNDED',
          total: 240_000,
          refunded_total: 50_000,
        }),
        order('2026-03-14T17:00:00.000Z', { status: 'delivered', payment_status: 'REFUNDED', total: 30_000, refunded_total: 30_000 }),
        order('2026-03-14T18:00:00.000Z', { status: 'pending', payment_status: 'PENDING', total: 20_000, refunded_total: 0 }),
        order('2026-03-14T19:00:00.000Z', { status: 'cancelled', payment_status: 'REFUNDED', total: 99_900, refunded_total: 99_900 }),
      ])
      .execute();
    // As the figures were kept before: the partly refunded order counted nothing.
    await db.insertInto('order_day_totals').values({ day: '2026-03-14', slot: 0, orders: 4, revenue: 150_000 }).execute();
    await refundsAndNumberTails.up(migrationDb);

    const days = await db.selectFrom('order_day_totals').select(['day', 'orders', 'revenue']).orderBy('day').execute();
    expect(days.map((day) => ({ ...day, orders: Number(day.orders), revenue: Number(day.revenue) }))).toEqual([
      { day: '2026-03-14', orders: 4, revenue: 340_000 },
    ]);
    const tails = await db.selectFrom('orders').select(['order_number', 'number_tail']).orderBy('id').execute();
    expect(tails).toEqual([
      { order_number: 'TL-260314-K7P2Q', number_tail: 'Q2P7K413062LT' },
      { order_number: 'TL-OLD-2', number_tail: '2DLOLT' },
      { order_number: 'TL-260314-AB3CD', number_tail: 'DC3BA413062LT' },
      { order_number: 'TL-OLD-4', number_tail: '4DLOLT' },
      { order_number: 'TL-OLD-5', number_tail: '5DLOLT' },
    ]);
  });
});
