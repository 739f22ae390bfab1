import type { DbExecutor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { StockMovementTable } from '../../db/tables.ts';

// Every checkout runs these; they are compiled once (see preparedQuery).
const takeVariantStock = preparedQuery((db: DbExecutor, variantId: number, quantity: number) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', variantId)
    .where('stock', '>=', quantity)
    .returning('id'),
);
const variantStock = preparedQuery((db: DbExecutor, variantId: number) =>
  db.selectFrom('product_variants').select('stock').where('id', '=', variantId),
);

export interface StockChange {
  variantId: number;
  quantity: number;
}

export function createInventoryRepository(db: DbExecutor) {
  return {
    /**
     * The guarded decrement: it changes nothing unless the whole quantity is in stock. On PostgreSQL
     * it also row-locks the variant until the transaction ends.
     */
    async take(variantId: number, quantity: number, executor: DbExecutor = db): Promise<boolean> {
      return (await takeVariantStock.execute(executor, variantId, quantity)).length === 1;
    },

    async give(variantId: number, quantity: number, executor: DbExecutor = db) {
      await executor
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '+', quantity) }))
        .where('id', '=', variantId)
        .execute();
    },

    /** One insert for all the changes; `sign` -1 records stock taken, +1 stock given back. */
    async recordMovements(changes: StockChange[], sign: 1 | -1, reason: StockMovementTable['reason'], orderId: number, executor: DbExecutor = db) {
      if (changes.length === 0) return;
      const createdAt = new Date().toISOString();
      await executor
        .insertInto('stock_movements')
        .values(changes.map(({ variantId, quantity }) => ({ variant_id: variantId, delta: sign * quantity, reason, order_id: orderId, created_at: createdAt })))
        .execute();
    },

    stockOf: async (variantId: number, executor: DbExecutor = db) => (await variantStock.executeTakeFirst(executor, variantId))?.stock,
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
