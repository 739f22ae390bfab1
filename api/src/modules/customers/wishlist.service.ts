import { messages, serverMessages, type WishlistItem } from '@threadline/contracts';
import { notFound } from '../../errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { WishlistRepository } from './wishlist.repository.ts';

export function createWishlistService(repository: WishlistRepository, catalog: CatalogService) {
  return {
    async list(userId: number): Promise<WishlistItem[]> {
      const rows = await repository.itemsOf(userId);
      const ids = rows.map((row) => row.product_id);
      const [products, withOptions] = await Promise.all([catalog.productsByIds(ids), catalog.productsWithOptions(ids)]);
      return rows.flatMap((row) => {
        const product = products.find((entry) => entry.id === row.product_id);
        return product ? [{ id: row.id, product, has_options: withOptions.has(product.id), created_at: row.created_at }] : [];
      });
    },

    async toggle(userId: number, productId: number) {
      if (await repository.remove(userId, productId)) {
        return { success: true, message: messages.wishlistRemoved, in_wishlist: false };
      }
      const [product] = await catalog.productsByIds([productId]);
      if (!product) throw notFound(serverMessages.productNotFound);
      await repository.add(userId, productId);
      return { success: true, message: messages.wishlistAdded, in_wishlist: true };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
