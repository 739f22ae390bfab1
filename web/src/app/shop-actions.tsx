import { useMemo, type ReactNode } from 'react';
import type { AddToCartRequest } from '@threadline/contracts';
import { useWishlistActions } from '@/features/account/hooks/use-wishlist-actions.ts';
import { useAddToCart } from '@/features/cart/api/add-to-cart.ts';
import { useCartView } from '@/features/cart/hooks/use-cart-view.ts';
import { useCart } from '@/lib/queries/cart.ts';
import { unitsOfVariant } from '@/features/cart/cart-view.ts';
import { useCartPanel } from '@/lib/cart-panel-context.tsx';
import { Notice } from './layouts/lazy-notice.tsx';
import { ShopActionsProvider, type ShopActions } from '@/lib/shop-actions.tsx';

/** Composes the shop's actions for every page from the cart and account features. */
export function AppShopActions({ children }: { children: ReactNode }) {
  const { setOpen } = useCartPanel();
  const { mutateAsync: addItem } = useAddToCart();
  const { toggleWishlist, wishlistProductIds, wishlistNotice, dismissWishlistNotice } = useWishlistActions();
  const cartKnown = useCart().data !== undefined;
  const cartView = useCartView();

  const actions = useMemo<ShopActions>(
    () => ({
      async addToCart(request: AddToCartRequest, productName?: string) {
        // Rejects only when the server refused the add (its message says why); an add it could not
        // take is kept and shown as not saved, and the panel opens for it too (SPEC §4).
        await addItem({ request, name: productName ?? `Product #${request.product_id}` });
        setOpen(true);
      },
      toggleWishlist,
      wishlistProductIds,
      unitsInCart: (productId, size, color) => (cartKnown ? unitsOfVariant(cartView, productId, size, color) : null),
    }),
    [addItem, setOpen, toggleWishlist, wishlistProductIds, cartKnown, cartView],
  );
  return (
    <ShopActionsProvider actions={actions}>
      {children}
      {/* What a heart did, wherever it was tapped (a card, the product page): the heart's own
          pressed state alone went unnoticed (issue 28). */}
      {wishlistNotice ? <Notice notice={wishlistNotice} onDismiss={dismissWishlistNotice} /> : null}
    </ShopActionsProvider>
  );
}
