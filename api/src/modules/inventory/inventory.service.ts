import type { DbExecutor } from '../../db/database.ts';
import type { InventoryRepository, StockChange } from './inventory.repository.ts';

/** What could not be taken: the variant and the stock it has left. */
export interface StockShortfall {
  variantId: number;
  left: number;
}

/**
 * Stock: the only module that changes a variant's stock, and every change is a stock movement row
 * in the caller's transaction.
 */
export function createInventoryService(repository: InventoryRepository) {
  return {
    /**
     * Takes an order's stock, all or nothing (the caller's transaction rolls back on a shortfall).
     * Lines of one variant count against one stock. Variants are taken in id order: on PostgreSQL
     * each take row-locks its variant until COMMIT, and one order for all checkouts keeps two carts
     * holding the same variants from deadlocking.
     */
    async takeForOrder(lines: StockChange[], orderId: number, trx: DbExecutor): Promise<StockShortfall | null> {
      const wanted = new Map<number, number>();
      for (const { variantId, quantity } of lines) wanted.set(variantId, (wanted.get(variantId) ?? 0) + quantity);
      const taken = [...wanted].sort(([a], [b]) => a - b).map(([variantId, quantity]) => ({ variantId, quantity }));
      // Recorded before it is taken, to keep a round trip out of the locked stretch; a failed take
      // rolls the record back with everything else.
      await repository.recordMovements(taken, -1, 'order', orderId, trx);
      for (const { variantId, quantity } of taken) {
        if (!(await repository.take(variantId, quantity, trx))) return { variantId, left: (await repository.stockOf(variantId, trx)) ?? 0 };
      }
      return null;
    },

    /** A cancelled order's stock back on its variants, in id order as `takeForOrder` takes them. */
    async returnForOrder(lines: StockChange[], orderId: number, trx: DbExecutor) {
      for (const { variantId, quantity } of [...lines].sort((a, b) => a.variantId - b.variantId)) await repository.give(variantId, quantity, trx);
      await repository.recordMovements(lines, 1, 'order_cancelled', orderId, trx);
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
