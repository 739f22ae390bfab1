import type { Cart, CartItem } from '@threadline/contracts';
import type { PendingAdd, PendingCart, UnsavedLineChange } from './pending-cart-store.ts';

export interface CartLineView {
  /** The line as the shopper should see it: an unsaved quantity replaces the saved one. */
  item: CartItem;
  /** The quantity the server holds, which its prices and totals count. */
  savedQuantity: number;
  /** The shown quantity is one the server has not taken yet. */
  unsaved: boolean;
}

export interface CartView {
  lines: CartLineView[];
  pendingAdds: PendingAdd[];
  /** Lines removed here whose removal the server has not taken yet; they are hidden from `lines`. */
  unsavedRemovals: UnsavedLineChange[];
  /** Units shown: the lines plus the adds waiting to be saved (the header badge). */
  count: number;
}

/** The server's cart with what this browser still has to send laid over it (SPEC §4). */
export function toCartView(cart: Cart | undefined, pending: PendingCart): CartView {
  const changes = new Map(pending.changes.map((change) => [change.lineId, change]));
  const lines = (cart?.items ?? []).flatMap((item): CartLineView[] => {
    const change = changes.get(item.id);
    if (change?.quantity === 0) return [];
    const unsaved = change !== undefined && change.quantity !== item.quantity;
    return [{ item: unsaved ? { ...item, quantity: change.quantity } : item, savedQuantity: item.quantity, unsaved }];
  });
  const savedIds = new Set(cart?.items.map((item) => item.id));
  const unsavedRemovals = pending.changes.filter((change) => change.quantity === 0 && savedIds.has(change.lineId));
  const count = lines.reduce((sum, line) => sum + line.item.quantity, 0) + pending.adds.reduce((sum, add) => sum + add.request.quantity, 0);
  return { lines, pendingAdds: pending.adds, unsavedRemovals, count };
}

/** A chosen size or colour as text, whether the cart holds it as a value or as an option object. */
const choiceText = (choice: string | { name: string } | null | undefined) => (typeof choice === 'string' ? choice : (choice?.name ?? null));

/**
 * Units of one size and colour of a product the shown cart holds, adds waiting to be saved
 * included: what a product page may still add is its stock less these.
 */
export function unitsOfVariant(view: CartView, productId: number, size: string | null, color: string | null): number {
  const same = (candidate: { size: string | null; color: string | null }) => candidate.size === size && candidate.color === color;
  const saved = view.lines
    .filter(({ item }) => item.product_id === productId)
    .filter(({ item }) => same({ size: choiceText(item.selectedVariants.Size), color: choiceText(item.selectedVariants.Color) }))
    .reduce((sum, { item }) => sum + item.quantity, 0);
  const waiting = view.pendingAdds
    .filter(({ request }) => request.product_id === productId)
    .filter(({ request }) => same({ size: choiceText(request.variant_size), color: choiceText(request.variant_color) }))
    .reduce((sum, { request }) => sum + request.quantity, 0);
  return saved + waiting;
}
