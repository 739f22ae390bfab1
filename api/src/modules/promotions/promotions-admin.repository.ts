import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { PromotionListQuery, PromotionState } from '@threadline/contracts';
import { pageWindow } from '../../admin-list.ts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { Database, PromoCodeTable } from '../../db/tables.ts';

export const adminPromoColumns = [
  'id',
  'code',
  'description',
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
  'created_at',
] as const;

type PromoExpressions = ExpressionBuilder<Database, 'promo_codes'>;

/** The SQL of `promotionState`: a code is over once ended, expired or used up, else scheduled until it starts. */
function isEnded(eb: PromoExpressions, now: string) {
  return eb.or([
    eb('is_active', '!=', 1),
    eb.and([eb('ends_at', 'is not', null), eb('ends_at', '<=', now)]),
    eb.and([eb('usage_limit', 'is not', null), eb('times_used', '>=', eb.ref('usage_limit'))]),
  ]);
}

function inState(eb: PromoExpressions, state: PromotionState, now: string) {
  if (state === 'ended') return isEnded(eb, now);
  const started = eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]);
  return eb.and([eb.not(isEnded(eb, now)), state === 'active' ? started : eb.not(started)]);
}

/** The back office's reads and writes of promo codes; the cart and checkout use promotions.repository.ts. */
export function createPromotionsAdminRepository(db: DbExecutor, dialect: DatabaseDialect) {
  return {
    async page(query: PromotionListQuery, now: string) {
      let filtered = db.selectFrom('promo_codes');
      if (query.state) filtered = filtered.where((eb) => inState(eb, query.state ?? 'active', now));
      // Codes are stored upper-case, and the unique index on them serves a range from the prefix.
      if (query.search) {
        const prefix = query.search.trim().toUpperCase();
        filtered = filtered.where('code', '>=', prefix).where('code', '<', `${prefix}\u{10FFFF}`);
      }
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        filtered.select(adminPromoColumns).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    find: (id: number, executor: DbExecutor = db) =>
      executor.selectFrom('promo_codes').select(adminPromoColumns).where('id', '=', id).executeTakeFirst(),

    /** The code, held until the transaction ends so two edits of it apply one after the other (SQLite's write transaction already does). */
    async findForUpdate(id: number, trx: DbExecutor) {
      const query = trx.selectFrom('promo_codes').select(adminPromoColumns).where('id', '=', id);
      return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    async insert(values: Insertable<PromoCodeTable>, executor: DbExecutor = db) {
      const row = await executor.insertInto('promo_codes').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Changes the code, guarded: false when its uses have meanwhile passed the usage limit being set
     * (a checkout counts a use without waiting for this edit).
     */
    async update(id: number, values: Updateable<PromoCodeTable>, executor: DbExecutor = db): Promise<boolean> {
      const limit = values.usage_limit;
      const result = await executor
        .updateTable('promo_codes')
        .set(values)
        .where('id', '=', id)
        .$call((query) => (typeof limit === 'number' ? query.where('times_used', '<=', limit) : query))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type PromotionsAdminRepository = ReturnType<typeof createPromotionsAdminRepository>;
