import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistItem } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { wishlistQueryKey } from '@/lib/queries/query-keys.ts';

interface ToggleAnswer {
  success: boolean;
  message: string;
  in_wishlist: boolean;
}

export const toggleWishlist = (productId: number) => apiSend<ToggleAnswer>('POST', '/users/wishlist/toggle/', { product_id: productId });

/**
 * Adds or removes a product. A removal leaves the cached list at once (the heart and the wishlist
 * page agree without waiting); the list is then fetched again for the server's version.
 */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleWishlist,
    onSuccess: async (answer, productId) => {
      if (!answer.in_wishlist) {
        queryClient.setQueryData<WishlistItem[]>(wishlistQueryKey, (items) => items?.filter((item) => item.product.id !== productId));
      }
      await queryClient.invalidateQueries({ queryKey: wishlistQueryKey });
    },
  });
}
