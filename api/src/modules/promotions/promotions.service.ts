import type { DbExecutor } from '../../db/database.ts';
import { customerKey, normalizePromoCode, promoIneligibility, type PromoRow } from './promo-rules.ts';
import type { PromotionsRepository } from './promotions.repository.ts';

export interface PromoCustomer {
  userId: number | null;
  email: string | null;
}

export function createPromotionsService(repository: PromotionsRepository) {
  return {
    findByCode(code: string, executor?: DbExecutor): Promise<PromoRow | undefined> {
      const normalized = normalizePromoCode(code);
      return normalized ? repository.findByCode(normalized, executor) : Promise.resolve(undefined);
    },

    findById: (id: number, executor?: DbExecutor) => repository.findById(id, executor),

    /** Why the code gives no discount on this subtotal for this customer, or null when it applies. */
    async ineligibility(promo: PromoRow, subtotal: number, customer: PromoCustomer | null, executor?: DbExecutor) {
      const key = customer ? customerKey(customer) : null;
      const known =
        customer && key
          ? {
              uses: await repository.customerUses(promo.id, key, executor),
              hasPreviousOrder: await repository.hasPreviousOrder(customer, executor),
            }
          : null;
      return promoIneligibility(promo, { now: new Date().toISOString(), subtotal, customer: known });
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
