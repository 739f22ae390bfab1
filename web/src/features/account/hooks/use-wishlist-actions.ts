import { messages } from '@threadline/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NoticeMessage } from '@/components/ui/notice.tsx';
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
  /** What the last heart tap did, for the shopper to see wherever they are ('Item added to wishlist!'); null once dismissed. */
  wishlistNotice: NoticeMessage | null;
  dismissWishlistNotice(): void;
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
  const [wishlistNotice, setWishlistNotice] = useState<NoticeMessage | null>(null);
  const dismissWishlistNotice = useCallback(() => setWishlistNotice(null), []);

  const wishlistProductIds = useMemo(
    () => (user && wishlist.data ? new Set(wishlist.data.map((item) => item.product.id)) : none),
    [user, wishlist.data],
  );

  const toggleFor = useCallback(
    async (productId: number) => {
      if (status === 'guest') {
        const state: SignInNavigationState = { returnTo, message: messages.signInRequired };
        await navigate('/signin', { state });
        return false;
      }
      try {
        const { in_wishlist: added } = await mutateAsync(productId);
        setWishlistNotice({ tone: 'success', text: added ? messages.wishlistAdded : messages.wishlistRemoved });
        return added;
      } catch (error) {
        setWishlistNotice({ tone: 'error', text: error instanceof Error && error.message ? error.message : messages.wishlistUpdateFailed });
        throw error;
      }
    },
    [status, returnTo, navigate, mutateAsync],
  );

  // A tap while the stored sign-in is still being checked (the first moment of a page, when a tap
  // made before hydration is replayed) waits for the answer, then counts: it is never dropped.
  const waitingTaps = useRef<Array<(toggle: typeof toggleFor) => void>>([]);
  useEffect(() => {
    if (status !== 'loading') for (const tap of waitingTaps.current.splice(0)) tap(toggleFor);
  });

  const toggleWishlist = useCallback(
    (productId: number) =>
      status === 'loading'
        ? new Promise<boolean>((resolve) => waitingTaps.current.push((toggle) => resolve(toggle(productId))))
        : toggleFor(productId),
    [status, toggleFor],
  );

  return useMemo(
    () => ({ toggleWishlist, wishlistProductIds, wishlistNotice, dismissWishlistNotice }),
    [toggleWishlist, wishlistProductIds, wishlistNotice, dismissWishlistNotice],
  );
}
