import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromo, orderRow } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createPromotionsRepository, type PromotionsRepository } from './promotions.repository.ts';

let database: TestDatabase;
let repository: PromotionsRepository;

beforeAll(async () => {
  database = await createTestDatabase('migrated');
  repository = createPromotionsRepository(database.handle.db);
});
afterAll(() => database.drop());

const db = () => database.handle.db;
const placedOrder = async (orderNumber: string) =>
  (await db().insertInto('orders').values(orderRow(orderNumber, new Date().toISOString())).returning('id').executeTakeFirstOrThrow()).id;

describe('redeeming a promo use in the order transaction', () => {
  it('refuses a use number already taken without writing anything, and the transaction goes on', async () => {
    const promoId = await createPromo(db(), { code: 'IRIE10', kind: 'percent', value: 10, usageLimit: 5 });
    const [first, second] = [await placedOrder('TL-REDEEM-1'), await placedOrder('TL-REDEEM-2')];
    const buyer = 'email:ayesha@example.com';
    const redeemed = await database.handle.writeTransactionEndingWith(async (trx) => ({
      result: await repository.redeem({ promoId, orderId: first, customerKey: buyer, useNumber: 1 }, trx),
      lastWrites: [],
    }));
    expect(redeemed).toBe('redeemed');

    // A checkout that read the buyer's uses before the first committed asks for the same number.
    const answers = await database.handle.writeTransactionEndingWith(async (trx) => {
      const taken = await repository.redeem({ promoId, orderId: second, customerKey: buyer, useNumber: 1 }, trx);
      // On PostgreSQL a unique violation would have aborted the transaction: this would fail.
      const next = await repository.redeem({ promoId, orderId: second, customerKey: buyer, useNumber: 2 }, trx);
      return { result: [taken, next], lastWrites: [] };
    });
    expect(answers).toEqual(['used', 'redeemed']);

    const promo = await db().selectFrom('promo_codes').select('times_used').where('id', '=', promoId).executeTakeFirstOrThrow();
    expect(promo.times_used).toBe(2);
    const uses = await db()
      .selectFrom('promo_redemptions')
      .select(['order_id', 'customer_use_number'])
      .where('promo_code_id', '=', promoId)
      .orderBy('id')
      .execute();
    expect(uses).toEqual([
      { order_id: first, customer_use_number: 1 },
      { order_id: second, customer_use_number: 2 },
    ]);
  });
});
