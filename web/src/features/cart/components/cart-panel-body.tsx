import { ShoppingBag } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { messages } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Price } from '@/lib/currency/price.tsx';
import { useCart } from '@/lib/queries/cart.ts';
import { useCartView } from '../hooks/use-cart-view.ts';
import { useCartActions } from '../hooks/use-cart-actions.ts';
import { useReplayPendingCart } from '../pending-cart.ts';
import { CartLineList } from './cart-line-list.tsx';
import { CartStatusMessage } from './cart-status-message.tsx';
import { PendingEntries } from './pending-entries.tsx';

const footerLink = 'inline-flex min-h-11 items-center font-medium text-stone-700 underline-offset-4 hover:text-stone-900 hover:underline';

/** What the slide-out shows (SPEC §2): lines, item count, subtotal and the ways on. */
export function CartPanelBody({ onClose }: { onClose(): void }) {
  useReplayPendingCart();
  const cart = useCart();
  const view = useCartView();
  const actions = useCartActions();
  const continueShopping = useRef<HTMLAnchorElement>(null);
  const { canUndoClear } = actions;
  // Undo, when it had focus, goes with its offer: focus moves on to the empty cart's way on.
  useEffect(() => {
    if (!canUndoClear && document.activeElement === document.body) continueShopping.current?.focus();
  }, [canUndoClear]);

  if (cart.isPending) {
    return (
      <div aria-busy="true" className="flex-1 space-y-5 px-6 py-6">
        <span className="sr-only">Loading your cart…</span>
        {[0, 1, 2].map((line) => (
          <div key={line} className="flex gap-4">
            <Skeleton className="size-20 shrink-0" />
            <div className="flex-1 space-y-2 py-1">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-9 w-28 rounded-full" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  const isEmpty = view.lines.length === 0 && view.pendingAdds.length === 0;
  const failed = cart.data === undefined;
  return (
    <>
      <div className="flex-1 overflow-y-auto px-6 py-4">
        <CartStatusMessage status={actions.status} className="mb-3" />
        {actions.canUndoClear ? <UndoClear onUndo={actions.undoClear} restoring={actions.restoring} /> : null}
        <div className="space-y-3">
          <PendingEntries view={view} />
          {failed ? (
            <div className="flex flex-col items-center gap-4 py-8 text-center">
              <p role="alert" className="text-red-700">
                {cart.error?.message}
              </p>
              <button type="button" onClick={() => void cart.refetch()} className={buttonClass('secondary')}>
                Try Again
              </button>
            </div>
          ) : isEmpty ? (
            <div className="flex flex-col items-center gap-4 py-16 text-center">
              <span className="flex size-16 items-center justify-center rounded-full bg-stone-100">
                <ShoppingBag className="size-7 text-stone-500" aria-hidden="true" />
              </span>
              <p className="text-stone-600">Your cart is empty.</p>
              <Link ref={continueShopping} to="/shop" onClick={onClose} className={buttonClass('primary')}>
                Continue Shopping
              </Link>
            </div>
          ) : (
            <CartLineList
              lines={view.lines}
              onSetQuantity={actions.setQuantity}
              onRemove={actions.remove}
              onNavigate={onClose}
              className="first:-mt-4"
            />
          )}
        </div>
      </div>
      {cart.data && !isEmpty ? (
        <div className="space-y-3 border-t border-stone-200 px-6 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          {cart.data.wholesale_applied ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">Wholesale pricing applied: 15+ items of one style</p>
          ) : null}
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-stone-600">Items</dt>
              <dd className="tabular-nums">{view.count}</dd>
            </div>
            <div className="flex justify-between text-base font-semibold">
              <dt>Subtotal</dt>
              <dd aria-busy={actions.saving} className={`tabular-nums transition-opacity ${actions.saving ? 'opacity-50' : ''}`}>
                <Price amount={cart.data.subtotal} />
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-stone-600">Shipping</dt>
              <dd className="text-stone-600">Calculated at checkout</dd>
            </div>
          </dl>
          <Link to="/checkout" onClick={onClose} className={`${buttonClass('primary')} w-full`}>
            Checkout
          </Link>
          <div className="flex items-center justify-between gap-2 text-sm">
            <Link to="/shop" onClick={onClose} className={footerLink}>
              Continue Shopping
            </Link>
            <Link to="/cart" onClick={onClose} className={footerLink}>
              View Cart
            </Link>
            <button
              type="button"
              onClick={actions.clear}
              disabled={actions.clearing}
              className="inline-flex min-h-11 items-center font-medium text-red-700 underline-offset-4 hover:underline disabled:opacity-50"
            >
              Clear
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** 'Cart cleared' with the way back, offered for a few seconds after Clear. */
function UndoClear({ onUndo, restoring }: { onUndo(): void; restoring: boolean }) {
  const undo = useRef<HTMLButtonElement>(null);
  // Clear, which had focus, went with the lines: focus moves to what takes it back.
  useEffect(() => undo.current?.focus(), []);
  return (
    <div className="mb-3 flex items-center justify-between gap-3 rounded-xl bg-stone-900 py-1 pr-1 pl-4 text-sm text-white">
      <p>{messages.cartCleared}</p>
      <button
        ref={undo}
        type="button"
        onClick={onUndo}
        disabled={restoring}
        aria-busy={restoring}
        className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold underline-offset-4 hover:underline disabled:opacity-50 [--focus-ring:var(--color-white)]"
      >
        Undo
      </button>
    </div>
  );
}
