import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@threadline/contracts';
import { ApiError } from '@/lib/api-client.ts';
import { cartQueryKey } from './query-keys.ts';

/**
 * Every cart mutation runs in one scope, so their requests reach the server one at a time and in
 * the order the shopper made them (a fast double click never lands out of order); their optimistic
 * updates still show at once. `networkMode: 'always'` makes an offline call fail straight away
 * instead of waiting paused, so a failed add is kept locally and the panel still opens.
 */
export const cartMutationOptions = (kind: 'add' | 'line' | 'clear' | 'restore' | 'promo' | 'replay') =>
  ({ mutationKey: ['cart', kind], scope: { id: 'cart' }, networkMode: 'always' }) as const;

/** A new quantity for a saved line; 0 removes it. Name and variant say which line in messages. */
export interface CartLineChange {
  lineId: number;
  quantity: number;
  name: string;
  variant: string;
}

function isLineChange(value: unknown): value is CartLineChange {
  return typeof value === 'object' && value !== null && 'lineId' in value && 'quantity' in value;
}

/** The cart with one line at a new quantity; the count follows, money waits for the server. */
export function withLineQuantity(cart: Cart, change: Pick<CartLineChange, 'lineId' | 'quantity'>): Cart {
  const items = cart.items
    .map((item) => (item.id === change.lineId ? { ...item, quantity: change.quantity } : item))
    .filter((item) => item.quantity > 0);
  return { ...cart, items, cart_count: items.reduce((sum, item) => sum + item.quantity, 0) };
}

/** The line changes still on their way to the server, oldest first, except `settling`. */
function inFlightLineChanges(queryClient: QueryClient, settling?: CartLineChange): CartLineChange[] {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: cartMutationOptions('line').mutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables)
    .filter((variables): variables is CartLineChange => isLineChange(variables) && variables !== settling);
}

// The cached cart is the server's last answer with the changes still under way laid over it. The
// answer itself is remembered beside what was shown, so a failed change can be taken back exactly
// even while others are still on their way. When something else wrote the cache (sign-out resets
// it), what it wrote is the server's cart.
const serverCarts = new WeakMap<QueryClient, { server: Cart; shown: Cart | undefined }>();

/** The cart as the server last answered it, without the changes still under way. */
export function serverCart(queryClient: QueryClient): Cart | undefined {
  const shown = queryClient.getQueryData<Cart>(cartQueryKey);
  const known = serverCarts.get(queryClient);
  return known && known.shown === shown ? known.server : shown;
}

/** A cart from the server with the changes the shopper made since, except `settling`, laid over it. */
export function withInFlightChanges(queryClient: QueryClient, cart: Cart, settling?: CartLineChange): Cart {
  const shown = inFlightLineChanges(queryClient, settling).reduce(withLineQuantity, cart);
  serverCarts.set(queryClient, { server: cart, shown });
  return shown;
}

/**
 * Shows a cart from the server. Answers arrive one at a time, but later clicks may already show
 * optimistically: they stay on top until their own answer comes, so a quantity never flickers back.
 */
export async function writeServerCart(queryClient: QueryClient, cart: Cart, settling?: CartLineChange): Promise<void> {
  // A reload still under way started before this answer; landing after it, it would undo it.
  await queryClient.cancelQueries({ queryKey: cartQueryKey });
  const shown = queryClient.setQueryData<Cart>(cartQueryKey, withInFlightChanges(queryClient, cart, settling));
  serverCarts.set(queryClient, { server: cart, shown });
}

/** Whether any other cart change is still under way (its answer will bring the server's cart). */
export const otherCartChangesPending = (queryClient: QueryClient) => queryClient.isMutating({ mutationKey: cartQueryKey }) > 1;

/**
 * A failure worth keeping the shopper's change for: no answer at all, or the server failing. A 4xx
 * is the server's considered answer (out of stock, no such line) and is shown, not retried.
 */
export const isUnreachable = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);
