import {
  baseCurrency,
  formatMoney,
  shopCurrency,
  taxLabel,
  type Cart,
  type CartItem,
  type ShippingMethod,
  type StoreTax,
} from '@threadline/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import type { CheckoutCharges } from '../checkout-totals.ts';

const placeholder = '/static/media/placeholder-640.webp';

/** SPEC §2: an absolute image URL as it is, else the first of the images, else the placeholder. */
function itemImage(item: CartItem): string {
  if (item.image && /^https?:\/\//.test(item.image)) return item.image;
  return item.images[0]?.image ?? item.image ?? placeholder;
}

interface CheckoutSummaryProps {
  cart: Cart;
  shippingMethod: ShippingMethod;
  /** Shipping, tax and total as the server will charge them; null while the shop's settings load. */
  charges: CheckoutCharges | null;
  /** The shop's tax as the owner set it (its name, and whether prices hold it); undefined while the settings load. */
  tax: StoreTax | undefined;
  /** The parish the delivery fee is for, when the address names one of the 14. */
  parish: string | null;
  /** The error box and the Place Order button, kept beside the total they commit to. */
  children: ReactNode;
}

/**
 * The side summary: the items, then subtotal, the real shipping of the chosen method and parish
 * (the owner's fee, where the spec's screen showed 0), discount, tax and the total that will be charged.
 */
export function CheckoutSummary({ cart, shippingMethod, charges, tax, parish, children }: CheckoutSummaryProps) {
  const { format, currency } = useCurrency();
  const shown = (amount: number | undefined) =>
    amount === undefined ? <span className="text-stone-500">Calculating...</span> : format(amount);
  const shippingLabel = shippingMethod === 'pickup' ? ' (pickup)' : parish ? ` (delivery to ${parish})` : ' (delivery)';
  const discount = cart.total_discount;
  // Added on top: a line before the total; held in the prices: what the total holds, beneath it.
  const taxRow = (
    <div className="flex justify-between gap-4">
      <dt className="text-stone-600">{tax ? taxLabel(tax.name, tax.prices_include_tax) : 'Tax'}</dt>
      <dd className={tax?.prices_include_tax ? 'text-stone-600' : undefined}>{shown(charges?.tax)}</dd>
    </div>
  );
  return (
    <section aria-labelledby="checkout-summary" className="rounded-2xl bg-stone-50 p-5 ring-1 ring-stone-200 sm:p-6 lg:sticky lg:top-24">
      <h2 id="checkout-summary" className="text-lg font-semibold text-stone-900">
        Order Summary
      </h2>
      <ul aria-label="Items" className="mt-4 divide-y divide-stone-200">
        {cart.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3">
            <img
              src={itemImage(item)}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(placeholder)) event.currentTarget.src = placeholder;
              }}
              className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover ring-1 ring-stone-200"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-stone-900">{item.name}</p>
              {item.variant ? <p className="text-stone-600">{item.variant}</p> : null}
              <p className="text-stone-600">Qty {item.quantity}</p>
            </div>
            <span className="shrink-0 text-sm font-medium text-stone-900">{format(item.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-stone-200 pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Subtotal</dt>
          <dd>{format(cart.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Shipping{shippingLabel}</dt>
          <dd>{shown(charges?.shipping)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">
            Discount
            {cart.promo_code && cart.promo_code_valid && discount > 0 ? (
              <span className="ml-1 font-medium text-brand-800">({cart.promo_code})</span>
            ) : null}
          </dt>
          <dd className={discount > 0 ? 'text-brand-800' : undefined}>{format(discount > 0 ? -discount : 0)}</dd>
        </div>
        {tax?.prices_include_tax ? null : taxRow}
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base font-semibold text-stone-900">
          <dt>Total</dt>
          <dd aria-live="polite">{shown(charges?.total)}</dd>
        </div>
        {tax?.prices_include_tax ? taxRow : null}
      </dl>
      {cart.promo_code && !cart.promo_code_valid && cart.promo_message ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          Promo code "{cart.promo_code}" gives no discount: {cart.promo_message}
        </p>
      ) : null}
      {currency.code !== baseCurrency && charges ? (
        <p className="mt-3 text-xs text-stone-500">
          Prices in {currency.code} are approximate; you pay {formatMoney(charges.total, shopCurrency)}.
        </p>
      ) : null}
      <div className="mt-5 space-y-4">{children}</div>
      <p className="mt-4 text-center">
        <Link to="/cart" className="text-sm font-medium text-stone-700 underline underline-offset-4 hover:text-stone-900">
          Return to Cart
        </Link>
      </p>
    </section>
  );
}
