import type { CartChangeResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { dropUnsavedChange, keepUnsavedChange } from '../pending-cart-store.ts';
import type { CartLineChange } from '@/lib/queries/cart-cache.ts';
import { useLineChange } from './line-change.ts';

/** PATCH /orders/cart/update/{id}/; the server removes the line at 0 or less. */
export const updateCartItem = ({ lineId, quantity }: Pick<CartLineChange, 'lineId' | 'quantity'>) =>
  apiSend<CartChangeResponse>('PATCH', `/orders/cart/update/${lineId}/`, { quantity });

/** SPEC §4: a change that could not reach the server stays here, at 1 or more, until it can be sent. */
export const useUpdateCartItem = () =>
  useLineChange(updateCartItem, (change, savedQuantity) => {
    const kept = Math.max(1, change.quantity);
    if (kept === savedQuantity) dropUnsavedChange(change.lineId);
    else keepUnsavedChange({ ...change, quantity: kept });
  });
