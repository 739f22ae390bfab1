import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WishlistItem } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { wishlistQueryKey } from '@/lib/queries/query-keys.ts';

export const getWishlist = (signal?: AbortSignal) => apiGet<WishlistItem[]>('/users/wishlist/', signal ? { signal } : {});

export const wishlistQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: wishlistQueryKey, queryFn: ({ signal }) => getWishlist(signal), enabled });

/** The signed-in customer's saved products; idle when `enabled` is false (a guest). */
export const useWishlist = (enabled = true) => useQuery(wishlistQueryOptions(enabled));
