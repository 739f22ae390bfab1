import type { ReactNode } from 'react';
import type { AddToCartRequest } from '@threadline/contracts';
import { createSharedState } from './shared-state.tsx';

/**
 * What a page may ask the shop to do without knowing the feature that does it: a product card adds
 * to the cart, a heart toggles the wishlist. app/ provides the implementations from the cart and
 * account features, so features never import each other.
 */
export interface ShopActions {
  /**
   * Resolves once the server holds the item, or (SPEC §4) once it is kept in the browser because the
   * server could not be reached; the cart panel opens either way. Rejects with the server's reason.
   */
  addToCart(request: AddToCartRequest, productName?: string): Promise<void>;
  /** Resolves to whether the product is now on the wishlist; sends a guest to sign in first. */
  toggleWishlist(productId: number): Promise<boolean>;
  /** Product ids on the signed-in shopper's wishlist (empty for guests). */
  wishlistProductIds: ReadonlySet<number>;
  /**
   * Units of one size and colour of a product already in the cart (null for an attribute the
   * product lacks), or null while the cart is not known; a page bounds what it offers to add by it.
   */
  unitsInCart(productId: number, size: string | null, color: string | null): number | null;
}

const ShopActionsContext = createSharedState<ShopActions>();

export function ShopActionsProvider({ actions, children }: { actions: ShopActions; children: ReactNode }) {
  return <ShopActionsContext.Provider value={actions}>{children}</ShopActionsContext.Provider>;
}

export function useShopActions(): ShopActions {
  const actions = ShopActionsContext.useValue();
  if (!actions) throw new Error('useShopActions must be used inside ShopActionsProvider');
  return actions;
}
