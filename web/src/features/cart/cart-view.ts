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
  const count =
    lines.reduce((sum, line) => sum + line.item.quantity, 0) + pending.adds.reduce((sum, add) => sum + add.request.quantity, 0);
  return { lines, pendingAdds: pending.adds, unsavedRemovals, count };
}
