import type { CartChangeResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { keepUnsavedChange } from '../pending-cart-store.ts';
import { useLineChange } from './line-change.ts';

export const removeCartItem = (lineId: number) => apiSend<CartChangeResponse>('DELETE', `/orders/cart/remove/${lineId}/`);

/** SPEC §4: a removal that could not reach the server still removes the line here, and is sent later. */
export const useRemoveCartItem = () =>
  useLineChange(
    (change) => removeCartItem(change.lineId),
    (change) => keepUnsavedChange({ ...change, quantity: 0 }),
  );
