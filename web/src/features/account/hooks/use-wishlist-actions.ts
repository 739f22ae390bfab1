import { messages } from '@threadline/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import type { SignInNavigationState } from '@/lib/auth/return-to.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { useToggleWishlist } from '../api/toggle-wishlist.ts';

export interface WishlistActions {
  /**
   * Resolves to whether the product is now on the wishlist. A guest is sent to sign in (and back
   * here afterwards) and it resolves false; rejects with the server's reason when the toggle fails.
   */
  toggleWishlist(productId: number): Promise<boolean>;
  /** Product ids on the signed-in customer's wishlist; empty for guests. */
  wishlistProductIds: ReadonlySet<number>;
}

const none: ReadonlySet<number> = new Set();

/** The wishlist hearts of product cards and pages, for app/ to hand to every page. */
export function useWishlistActions(): WishlistActions {
  const { user, status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const wishlist = useWishlist(user !== null);
  const { mutateAsync } = useToggleWishlist();
  const returnTo = location.pathname + location.search;

  const wishlistProductIds = useMemo(
    () => (user && wishlist.data ? new Set(wishlist.data.map((item) => item.product.id)) : none),
    [user, wishlist.data],
  );

  const toggleWishlist = useCallback(
    async (productId: number) => {
      // While the stored sign-in is still being checked there is no one to save it for yet.
      if (status === 'loading') return false;
      if (status === 'guest') {
        const state: SignInNavigationState = { returnTo, message: messages.signInRequired };
        await navigate('/signin', { state });
        return false;
      }
      return (await mutateAsync(productId)).in_wishlist;
    },
    [status, returnTo, navigate, mutateAsync],
  );

  return useMemo(() => ({ toggleWishlist, wishlistProductIds }), [toggleWishlist, wishlistProductIds]);
}
