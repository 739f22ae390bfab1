import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRow } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { OrderTable } from '../tables.ts';
import * as orderDaysAndNames from './0021-order-days-and-names.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(() => database.drop());

let numbered = 0;
const order = (firstName: string, lastName: string, createdAt: string, state: Pick<OrderTable, 'status' | 'payment_status' | 'total'>) => {
  numbered += 1;
  return orderRow(`TL-OLD-${numbered}`, createdAt, { first_name: firstName, last_name: lastName, ...state });
};

describe('migration 0021: name keys and day figures of the orders already placed', () => {
  it('keys every order’s name both ways round and counts each Jamaican day', async () => {
    const db = database.handle.db;
    // Back to the orders table as it was before the migration, with orders placed then.
    const migrationDb = db as unknown as Kysely<unknown>;
    await orderDaysAndNames.down(migrationDb);
    await db
      .insertInto('orders')
      .values([
        order('Shanique', 'Thompson', '2026-03-14T05:00:00.000Z', { status: 'delivered', payment_status: 'COMPLETED', total: 150_000 }),
        order(' Devon', 'McKenzie ', '2026-03-14T04:59:59.000Z', { status: 'pending', payment_status: 'PENDING', total: 20_000 }),
        order('Omar', 'Reid', '2026-03-14T23:00:00.000Z', { status: 'cancelled', payment_status: 'PENDING', total: 99_900 }),
        order('Keisha', 'Blake', '2026-03-15T04:00:00.000Z', { status: 'shipped', payment_status: 'PARTIALLY_REFUNDED', total: 40_000 }),
        order('Keisha', 'Blake', '2026-03-15T04:30:00.000Z', { status: 'processing', payment_status: 'COMPLETED', total: 30_000 }),
      ])
      .execute();
    await orderDaysAndNames.up(migrationDb);

    const names = await db.selectFrom('orders').select(['name_first_last', 'name_last_first']).orderBy('id').execute();
    expect(names).toEqual([
      { name_first_last: 'shanique thompson', name_last_first: 'thompson shanique' },
      { name_first_last: 'devon mckenzie', name_last_first: 'mckenzie devon' },
      { name_first_last: 'omar reid', name_last_first: 'reid omar' },
      { name_first_last: 'keisha blake', name_last_first: 'blake keisha' },
      { name_first_last: 'keisha blake', name_last_first: 'blake keisha' },
    ]);
    const days = await db.selectFrom('order_day_totals').select(['day', 'orders', 'revenue']).orderBy('day').execute();
    expect(days.map((day) => ({ ...day, revenue: Number(day.revenue) }))).toEqual([
      { day: '2026-03-13', orders: 1, revenue: 0 },
      { day: '2026-03-14', orders: 3, revenue: 180_000 },
    ]);
  });
});
