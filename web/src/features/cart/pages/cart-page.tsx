import { chargesBeforeShippingMinor, majorToMinor, minorToMajor, taxLabel, type Cart } from '@threadline/contracts';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StepIndicator } from '@/components/ui/step-indicator.tsx';
import { Price } from '@/lib/currency/price.tsx';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useCart } from '@/lib/queries/cart.ts';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { useCartView } from '../hooks/use-cart-view.ts';
import { CartLineList } from '../components/cart-line-list.tsx';
import { CartStatusMessage } from '../components/cart-status-message.tsx';
import { PendingEntries } from '../components/pending-entries.tsx';
import { PromoBox } from '../components/promo-box.tsx';
import { ShareCart } from '../components/share-cart.tsx';
import { useCartActions } from '../hooks/use-cart-actions.ts';
import { useReplayPendingCart } from '../pending-cart.ts';

function OrderSummary({ cart, saving }: { cart: Cart; saving: boolean }) {
  const amountClass = `tabular-nums transition-opacity ${saving ? 'opacity-50' : ''}`;
  // The owner's tax on the goods after discount (added, or held in the prices), by the rule checkout and the server charge with.
  const settings = useStoreSettings();
  const goods = cart.total ?? cart.subtotal;
  const charges = settings.data ? chargesBeforeShippingMinor(settings.data, majorToMinor(goods)) : null;
  const calculating = <span className="text-stone-500">Calculating...</span>;
  const tax = settings.data?.tax;
  // Added on top: a line before the total; held in the prices: what the total holds, beneath it.
  const taxRow = (
    <div className={`flex justify-between ${tax?.prices_include_tax ? 'text-stone-600' : ''}`}>
      <dt className="text-stone-600">{tax ? taxLabel(tax.name, tax.prices_include_tax) : 'Tax'}</dt>
      <dd aria-busy={saving} className={amountClass}>
        {charges ? <Price amount={minorToMajor(charges.tax)} /> : calculating}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="order-summary" className="space-y-4 rounded-2xl bg-stone-50 p-6 ring-1 ring-stone-200 lg:sticky lg:top-24">
      <h2 id="order-summary" className="text-lg font-semibold">
        Order Summary
      </h2>
      <dl className="text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-600">Subtotal</dt>
          <dd aria-busy={saving} className={amountClass}>
            <Price amount={cart.subtotal} />
          </dd>
        </div>
      </dl>
      <PromoBox cart={cart} />
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-600">Shipping</dt>
          <dd className="text-stone-600">Calculated at checkout</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-600">Discount</dt>
          <dd aria-busy={saving} className={`${amountClass} ${cart.total_discount > 0 ? 'text-brand-700' : ''}`}>
            {cart.total_discount > 0 ? '-' : ''}
            <Price amount={cart.total_discount} />
          </dd>
        </div>
        {tax?.prices_include_tax ? null : taxRow}
        <div className="flex justify-between border-t border-stone-200 pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd aria-busy={saving} className={amountClass}>
            {charges ? <Price amount={minorToMajor(charges.total)} /> : calculating}
          </dd>
        </div>
        {tax?.prices_include_tax ? taxRow : null}
      </dl>
      <Link to="/checkout" className={`${buttonClass('primary')} w-full`}>
        Proceed to Checkout
      </Link>
      <ShareCart />
      <Link
        to="/shop"
        className="flex min-h-11 items-center justify-center text-sm font-medium text-stone-700 underline-offset-4 hover:underline"
      >
        Continue Shopping
      </Link>
    </section>
  );
}

function CartPageSkeleton() {
  return (
    <div aria-busy="true" className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]">
      <span className="sr-only">Loading your cart…</span>
      <div className="space-y-6">
        {[0, 1, 2].map((line) => (
          <div key={line} className="flex gap-4">
            <Skeleton className="size-22 shrink-0" />
            <div className="flex-1 space-y-2 py-1">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/4" />
              <Skeleton className="h-10 w-32 rounded-full" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-80 w-full rounded-2xl" />
    </div>
  );
}

/** The cart page of SPEC §2: lines, the order summary with the promo box, and the way to checkout. */
export function CartPage() {
  usePageMeta({ title: 'Shopping Cart', description: 'Review your items, apply a promo code and check out.' });
  useReplayPendingCart();
  const cart = useCart();
  const view = useCartView();
  const actions = useCartActions();
  const isEmpty = view.lines.length === 0 && view.pendingAdds.length === 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <StepIndicator steps={['Cart', 'Details', 'Confirmation']} current="Cart" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Shopping Cart</h1>
      <CartStatusMessage status={actions.status} className="mt-4 max-w-xl" />

      {cart.isPending ? (
        <CartPageSkeleton />
      ) : cart.data === undefined ? (
        <div className="mt-8 max-w-xl space-y-4">
          <PendingEntries view={view} />
          <ErrorBox>{cart.error?.message}</ErrorBox>
          <button type="button" onClick={() => void cart.refetch()} className={buttonClass('secondary')}>
            Try Again
          </button>
        </div>
      ) : isEmpty ? (
        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <div className="w-full max-w-xl space-y-3 text-left empty:hidden">
            <PendingEntries view={view} />
          </div>
          <span className="flex size-16 items-center justify-center rounded-full bg-stone-100">
            <ShoppingBag className="size-7 text-stone-500" aria-hidden="true" />
          </span>
          <h2 className="text-xl font-semibold">Your cart is empty</h2>
          <p className="text-stone-600">Start shopping to add items to your cart</p>
          <Link to="/shop" className={buttonClass('primary')}>
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
          <section aria-label="Items" className="space-y-3">
            <PendingEntries view={view} />
            <CartLineList
              lines={view.lines}
              onSetQuantity={actions.setQuantity}
              onRemove={actions.remove}
              className="border-y border-stone-200"
            />
            {cart.data.wholesale_applied ? (
              <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">Wholesale pricing applied: 15+ items of one style</p>
            ) : null}
          </section>
          <OrderSummary cart={cart.data} saving={actions.saving} />
        </div>
      )}
    </div>
  );
}
