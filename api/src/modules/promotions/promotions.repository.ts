import { sql, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../db/database.ts';
import type { PromoRow } from './promo-rules.ts';

const promoColumns = [
  'id',
  'code',
  'kind',
  'value',
  'min_subtotal',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_customer_limit',
  'times_used',
  'first_order_only',
  'is_active',
] as const;

export function createPromotionsRepository(db: DbExecutor) {
  return {
    findByCode(code: string, executor: DbExecutor = db): Promise<PromoRow | undefined> {
      return executor.selectFrom('promo_codes').select(promoColumns).where('code', '=', code).executeTakeFirst();
    },

    findById(id: number, executor: DbExecutor = db): Promise<PromoRow | undefined> {
      return executor.selectFrom('promo_codes').select(promoColumns).where('id', '=', id).executeTakeFirst();
    },

    async customerUses(promoId: number, customerKey: string, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .selectFrom('promo_redemptions')
        .select((eb) => eb.fn.countAll<number>().as('uses'))
        .where('promo_code_id', '=', promoId)
        .where('customer_key', '=', customerKey)
        .executeTakeFirstOrThrow();
      return Number(row.uses);
    },

    /**
     * Locks the buyers' rows (creating them) until the transaction ends, in key order so two
     * checkouts naming the same buyers cannot deadlock: every later checkout of these buyers waits
     * here, then reads their orders and promo uses after this one has committed.
     */
    async claimBuyers(buyerKeys: string[], executor: DbExecutor = db) {
      const claimedAt = new Date().toISOString();
      for (const buyerKey of [...new Set(buyerKeys)].sort()) {
        await executor
          .insertInto('checkout_claims')
          .values({ buyer_key: buyerKey, claimed_at: claimedAt })
          .onConflict((conflict) => conflict.column('buyer_key').doUpdateSet({ claimed_at: claimedAt }))
          .execute();
      }
    },

    /**
     * Records a promo use in the order's transaction: 'exhausted' when the code's total limit was
     * reached (the guarded counter), 'used' when the buyer's use number is taken (the unique row).
     * A refused use writes nothing and leaves the transaction usable: the taken number is skipped by
     * ON CONFLICT, where a unique violation caught here would have aborted a PostgreSQL transaction
     * that the caller still held, and the count it had taken is given back.
     */
    async redeem(
      values: { promoId: number; orderId: number; customerKey: string; useNumber: number },
      executor: DbExecutor = db,
    ): Promise<'redeemed' | 'exhausted' | 'used'> {
      const counted = await executor
        .updateTable('promo_codes')
        .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
        .where('id', '=', values.promoId)
        // The limit as it is now, not as the checkout read it: staff may have lowered it meanwhile.
        .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return 'exhausted';
      const recorded = await executor
        .insertInto('promo_redemptions')
        .values({
          promo_code_id: values.promoId,
          order_id: values.orderId,
          customer_key: values.customerKey,
          customer_use_number: values.useNumber,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['promo_code_id', 'customer_key', 'customer_use_number']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (recorded) return 'redeemed';
      await executor
        .updateTable('promo_codes')
        .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
        .where('id', '=', values.promoId)
        .execute();
      return 'used';
    },

    async release(orderId: number, executor: DbExecutor = db) {
      const redemption = await executor
        .selectFrom('promo_redemptions')
        .select(['id', 'promo_code_id'])
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (!redemption) return;
      await executor.deleteFrom('promo_redemptions').where('id', '=', redemption.id).execute();
      await executor
        .updateTable('promo_codes')
        .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
        .where('id', '=', redemption.promo_code_id)
        .where('times_used', '>', 0)
        .execute();
    },

    /** Any order of this customer that was not cancelled: by account, or by e-mail for guests. */
    async hasPreviousOrder(customer: { userId: number | null; email: string | null }, executor: DbExecutor = db) {
      const row = await executor
        .selectFrom('orders')
        .select('id')
        .where('status', '!=', 'cancelled')
        .where((eb) => {
          const conditions = [];
          if (customer.userId !== null) conditions.push(eb('user_id', '=', customer.userId));
          if (customer.email) conditions.push(eb(eb.fn('lower', ['email']), '=', customer.email.trim().toLowerCase()));
          return conditions.length > 0 ? eb.or(conditions) : sql<SqlBool>`1 = 0`;
        })
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
