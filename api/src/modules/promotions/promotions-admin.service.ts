import {
  majorToMinor,
  minorToMajor,
  promotionMessages,
  promotionRuleProblems,
  type AdminList,
  type AdminPromotion,
  type PromotionCreate,
  type PromotionListQuery,
  type PromotionUpdate,
} from '@threadline/contracts';
import { adminList } from '../../admin-list.ts';
import { isUniqueViolation, type DatabaseHandle } from '../../db/database.ts';
import type { PromoCodeTable } from '../../db/tables.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ShopChanges } from '../../plugins/shop-changes.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { normalizePromoCode, promotionState } from './promo-rules.ts';
import type { PromotionsAdminRepository } from './promotions-admin.repository.ts';

export interface PromotionsAdminDependencies {
  database: DatabaseHandle;
  repository: PromotionsAdminRepository;
  audit: AuditService;
  changes: ShopChanges;
}

type PromoRecord = NonNullable<Awaited<ReturnType<PromotionsAdminRepository['find']>>>;
type PromoFields = Omit<PromoCodeTable, 'id' | 'times_used' | 'created_at'>;

/** Times are kept in UTC so that comparing their text compares the moments. */
const inUtc = (moment: string | null) => (moment === null ? null : new Date(moment).toISOString());

/** A percentage stays as it is; a fixed amount is kept in cents. */
const storedValue = (kind: PromoCodeTable['kind'], value: number) => (kind === 'fixed' ? majorToMinor(value) : value);

/** The code as the audit log keeps it: what staff set and the uses so far (not the state, which moves with the clock). */
const recorded = (row: PromoRecord) => ({
  code: row.code,
  description: row.description,
  kind: row.kind,
  value: row.kind === 'fixed' ? minorToMajor(row.value) : row.value,
  min_subtotal: minorToMajor(row.min_subtotal),
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  usage_limit: row.usage_limit,
  per_customer_limit: row.per_customer_limit,
  first_order_only: row.first_order_only === 1,
  active: row.is_active === 1,
  times_used: row.times_used,
});

const toPromotion = (row: PromoRecord, now: string): AdminPromotion => ({
  id: row.id,
  ...recorded(row),
  state: promotionState(row, now),
  created_at: row.created_at,
});

function refuseBrokenRules(fields: PromoFields) {
  const [problem] = promotionRuleProblems({
    kind: fields.kind,
    value: fields.kind === 'fixed' ? minorToMajor(fields.value) : fields.value,
    starts_at: fields.starts_at,
    ends_at: fields.ends_at,
  });
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`);
}

/**
 * Promo codes as the back office makes and changes them. The cart and checkout read a code afresh
 * on every call, so a change applies to the next cart that looks; `promotions` is still published
 * for any cache that comes to hold codes.
 */
export function createPromotionsAdminService({ database, repository, audit, changes }: PromotionsAdminDependencies) {
  /** Runs a change; a code that another one already has is the caller's conflict, not a failure. */
  async function saving<T>(code: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (code !== undefined && isUniqueViolation(error)) throw conflict(promotionMessages.duplicateCode(code));
      throw error;
    }
  }

  return {
    async list(query: PromotionListQuery): Promise<AdminList<AdminPromotion>> {
      const now = new Date().toISOString();
      const { rows, count } = await repository.page(query, now);
      return adminList(
        '/api/admin/promotions/',
        query,
        count,
        rows.map((row) => toPromotion(row, now)),
      );
    },

    async get(id: number): Promise<AdminPromotion> {
      const row = await repository.find(id);
      if (!row) throw notFound(promotionMessages.notFound);
      return toPromotion(row, new Date().toISOString());
    },

    async create(staff: StaffMember, input: PromotionCreate): Promise<AdminPromotion> {
      const code = normalizePromoCode(input.code);
      const fields: PromoFields = {
        code,
        description: input.description,
        kind: input.kind,
        value: storedValue(input.kind, input.value),
        min_subtotal: majorToMinor(input.min_subtotal),
        starts_at: inUtc(input.starts_at),
        ends_at: inUtc(input.ends_at),
        usage_limit: input.usage_limit,
        per_customer_limit: input.per_customer_limit,
        first_order_only: input.first_order_only ? 1 : 0,
        is_active: input.active ? 1 : 0,
      };
      refuseBrokenRules(fields);
      const row = await saving(code, () =>
        database.writeTransaction(async (trx) => {
          const id = await repository.insert({ ...fields, times_used: 0, created_at: new Date().toISOString() }, trx);
          const created = await repository.find(id, trx);
          if (!created) throw new Error(`promo code ${id} vanished in its own transaction`);
          await audit.record(staff, { action: 'create', entity: 'promotion', entityId: id, before: null, after: recorded(created) }, trx);
          return created;
        }),
      );
      await changes.publish('promotions');
      return toPromotion(row, new Date().toISOString());
    },

    /** Changes any field but the uses; `{active: false}` ends the code (recorded as 'end'). */
    async update(staff: StaffMember, id: number, input: PromotionUpdate): Promise<AdminPromotion> {
      const code = input.code === undefined ? undefined : normalizePromoCode(input.code);
      const { row, changed } = await saving(code, () =>
        database.writeTransaction(async (trx) => {
          const before = await repository.findForUpdate(id, trx);
          if (!before) throw notFound(promotionMessages.notFound);
          const kind = input.kind ?? before.kind;
          const fields: PromoFields = {
            code: code ?? before.code,
            description: input.description ?? before.description,
            kind,
            // A value sent alone is read in the code's kind; a kind changed without a value keeps the number shown.
            value: storedValue(kind, input.value ?? recorded(before).value),
            min_subtotal: input.min_subtotal === undefined ? before.min_subtotal : majorToMinor(input.min_subtotal),
            starts_at: input.starts_at === undefined ? before.starts_at : inUtc(input.starts_at),
            ends_at: input.ends_at === undefined ? before.ends_at : inUtc(input.ends_at),
            usage_limit: input.usage_limit === undefined ? before.usage_limit : input.usage_limit,
            per_customer_limit: input.per_customer_limit === undefined ? before.per_customer_limit : input.per_customer_limit,
            first_order_only: input.first_order_only === undefined ? before.first_order_only : input.first_order_only ? 1 : 0,
            is_active: input.active === undefined ? before.is_active : input.active ? 1 : 0,
          };
          refuseBrokenRules(fields);
          if (fields.usage_limit !== null && fields.usage_limit < before.times_used) {
            throw conflict(promotionMessages.limitBelowUses(before.times_used));
          }
          const changedFields = (Object.keys(fields) as (keyof PromoFields)[]).filter((name) => fields[name] !== before[name]);
          if (changedFields.length === 0) return { row: before, changed: false };
          if (!(await repository.update(id, fields, trx))) throw conflict(promotionMessages.limitBelowUses(before.times_used));
          const after = await repository.find(id, trx);
          if (!after) throw new Error(`promo code ${id} vanished in its own transaction`);
          const ended = before.is_active === 1 && after.is_active === 0;
          await audit.record(
            staff,
            { action: ended ? 'end' : 'update', entity: 'promotion', entityId: id, before: recorded(before), after: recorded(after) },
            trx,
          );
          return { row: after, changed: true };
        }),
      );
      if (changed) await changes.publish('promotions');
      return toPromotion(row, new Date().toISOString());
    },
  };
}

export type PromotionsAdminService = ReturnType<typeof createPromotionsAdminService>;
