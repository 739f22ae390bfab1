import type { DbExecutor } from '../../db/database.ts';

export function createWishlistRepository(db: DbExecutor) {
  return {
    /** Newest first. */
    itemsOf: (userId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('wishlist_items')
        .select(['id', 'product_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** True when the product was on the wishlist. */
    async remove(userId: number, productId: number, executor: DbExecutor = db): Promise<boolean> {
      const removed = await executor
        .deleteFrom('wishlist_items')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },

    async add(userId: number, productId: number, executor: DbExecutor = db) {
      await executor
        .insertInto('wishlist_items')
        .values({ user_id: userId, product_id: productId, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
        .execute();
    },
  };
}

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
