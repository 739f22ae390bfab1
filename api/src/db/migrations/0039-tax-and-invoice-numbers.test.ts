import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { orderRow } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import * as taxAndInvoiceNumbers from './0039-tax-and-invoice-numbers.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(() => database.drop());

describe('migration 0039: the tax as the owner set its rate, and invoice numbers for orders already paid', () => {
  it('keeps the rate as GCT added on top, and numbers the paid orders in the order they were paid', async () => {
    const db = database.handle.db;
    const migrationDb = db as unknown as Kysely<unknown>;
    await taxAndInvoiceNumbers.down(migrationDb);
    await db
      .updateTable('shop_settings')
      .set({ settings: JSON.stringify({ free_delivery_over: 5000, tax_rate: 12.5 }) })
      .where('id', '=', 1)
      .execute();
    await db
      .insertInto('orders')
      .values([
        orderRow('TL-OLD-1', '2026-03-14T15:00:00.000Z', { payment_status: 'COMPLETED', paid_at: '2026-03-16T10:00:00.000Z' }),
        orderRow('TL-OLD-2', '2026-03-14T16:00:00.000Z', { payment_status: 'PENDING' }),
        orderRow('TL-OLD-3', '2026-03-15T09:00:00.000Z', { payment_status: 'REFUNDED', paid_at: '2026-03-15T09:05:00.000Z' }),
        orderRow('TL-OLD-4', '2026-03-15T10:00:00.000Z', { payment_status: 'PARTIALLY_REFUNDED', paid_at: '2026-03-17T10:00:00.000Z' }),
      ])
      .execute();
    await taxAndInvoiceNumbers.up(migrationDb);

    const settings = await db.selectFrom('shop_settings').select('settings').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(JSON.parse(settings.settings)).toEqual({
      free_delivery_over: 5000,
      tax: { name: 'GCT', rate: 12.5, prices_include_tax: false, registration_number: null },
    });
    const orders = await db
      .selectFrom('orders')
      .select(['order_number', 'invoice_number', 'prices_include_tax'])
      .orderBy('order_number')
      .execute();
    expect(orders).toEqual([
      { order_number: 'TL-OLD-1', invoice_number: 'INV-000002', prices_include_tax: 0 },
      { order_number: 'TL-OLD-2', invoice_number: null, prices_include_tax: 0 },
      { order_number: 'TL-OLD-3', invoice_number: 'INV-000001', prices_include_tax: 0 },
      { order_number: 'TL-OLD-4', invoice_number: 'INV-000003', prices_include_tax: 0 },
    ]);
    expect(await db.selectFrom('invoice_counter').selectAll().execute()).toEqual([{ id: 1, last_number: 3 }]);
  });
});
