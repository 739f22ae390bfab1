import { messages, type WishlistItem } from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';

export function createWishlistService(db: DbExecutor, catalog: CatalogService) {
  return {
    async list(userId: number): Promise<WishlistItem[]> {
      const rows = await db
        .selectFrom('wishlist_items')
        .select(['id', 'product_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const ids = rows.map((row) => row.product_id);
      const [products, withOptions] = await Promise.all([catalog.productsByIds(ids), catalog.productsWithOptions(ids)]);
      return rows.flatMap((row) => {
        const product = products.find((entry) => entry.id === row.product_id);
        return product ? [{ id: row.id, product, has_options: withOptions.has(product.id), created_at: row.created_at }] : [];
      });
    },

    async toggle(userId: number, productId: number) {
      const removed = await db
        .deleteFrom('wishlist_items')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) {
        return { success: true, message: messages.wishlistRemoved, in_wishlist: false };
      }
      const [product] = await catalog.productsByIds([productId]);
      if (!product) throw notFound(messages.productNotFound);
      await db
        .insertInto('wishlist_items')
        .values({ user_id: userId, product_id: productId, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
        .execute();
      return { success: true, message: messages.wishlistAdded, in_wishlist: true };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
