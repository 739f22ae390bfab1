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
