import { serverMessages } from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import { customerKey, normalizePromoCode, promoIneligibility, type PromoRow } from './promo-rules.ts';
import type { PromotionsRepository } from './promotions.repository.ts';

export interface PromoCustomer {
  userId: number | null;
  email: string | null;
}

/** A buyer's numbered use of a code, on its way into an order. */
export interface PromoUse {
  promo: PromoRow;
  buyerKey: string;
  useNumber: number;
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

    /**
     * Holds the buyers (account and e-mail) for the rest of the order's transaction, so their promo
     * limits are read after every other checkout of theirs has committed.
     */
    claimBuyers: (buyerKeys: string[], trx: DbExecutor) => repository.claimBuyers(buyerKeys, trx),

    /**
     * The buyer's next use of the code, read before the order's stock is locked (one round trip
     * fewer in the locked stretch); the buyer is claimed, so no other checkout of theirs moves it.
     */
    async nextUse(promo: PromoRow, buyerKey: string, trx: DbExecutor): Promise<PromoUse> {
      return { promo, buyerKey, useNumber: (await repository.customerUses(promo.id, buyerKey, trx)) + 1 };
    },

    /**
     * Records the use for the order, in its transaction: the reason the code no longer applies, or
     * null once redeemed. The unique (code, customer, use number) row backs up the claim on the buyer.
     */
    async redeem({ promo, buyerKey, useNumber }: PromoUse, orderId: number, trx: DbExecutor): Promise<string | null> {
      const redeemed = await repository.redeem({ promoId: promo.id, orderId, customerKey: buyerKey, useNumber }, trx);
      if (redeemed === 'exhausted') return serverMessages.promoInvalid;
      if (redeemed === 'used') return serverMessages.promoAlreadyUsed;
      return null;
    },

    /** A cancelled order's promo use given back. */
    release: (orderId: number, trx: DbExecutor) => repository.release(orderId, trx),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
