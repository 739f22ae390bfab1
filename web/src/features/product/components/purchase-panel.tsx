import { Heart, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { effectivePrice, messages, wholesaleMinimumPerStyle, type ProductDetailResponse } from '@threadline/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { QuantityStepper } from '@/components/ui/quantity-stepper.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { useShopOrigin } from '@/lib/server-render.ts';
import { useShopActions } from '@/lib/shop-actions.tsx';
import { whatsAppShareUrl } from '@/lib/whatsapp-share.ts';
import {
  attributeLabel,
  attributesOf,
  cartVariantFields,
  isLowStock,
  quantityLimit,
  selectionStock,
  stockLabel,
  type Selection,
  type StockLabel,
} from '../variant-stock.ts';
import { ShareButton } from './share-button.tsx';
import { VariantOptions } from './variant-options.tsx';

// Shown only for a sold-out choice: its code loads then, not with every product page.
const NotifyWhenBack = lazy(() => import('./notify-when-back.tsx').then((module) => ({ default: module.NotifyWhenBack })));

const labelTone: Record<StockLabel, BadgeTone> = {
  'In Stock': 'success',
  'Out of Stock': 'danger',
  'Select Options': 'amber',
};

const secondaryAction =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-stone-800 ring-1 ring-inset ring-stone-300 hover:bg-stone-100 aria-pressed:text-red-700';

interface PurchasePanelProps {
  detail: ProductDetailResponse;
  /** The chosen options; the page holds them, as its gallery follows the chosen colour. */
  selection: Selection;
  onSelect(attribute: string, value: string): void;
}

/** Options, quantity and the buttons of the product page (SPEC §2, rules of SPEC §4). */
export function PurchasePanel({ detail, selection, onSelect }: PurchasePanelProps) {
  const { product } = detail;
  const { format } = useCurrency();
  const { addToCart, toggleWishlist, wishlistProductIds, unitsInCart } = useShopActions();
  const origin = useShopOrigin();
  const [chosenQuantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const attributes = attributesOf(detail);
  const stock = selectionStock(detail, selection);
  const label = stockLabel(stock);
  const variant = cartVariantFields(selection);
  const inCart = unitsInCart(product.id, variant.variant_size, variant.variant_color);
  const limit = quantityLimit(stock, inCart);
  // A quantity chosen for another option (or before the cart filled) comes down to this one's limit.
  const quantity = limit === null ? chosenQuantity : Math.max(1, Math.min(chosenQuantity, limit));
  const atLimit = label === 'In Stock' && limit !== null && quantity >= limit;
  const regularPrice = effectivePrice(product.price, product.sale_price);
  // The server's rule (cart-pricing): from 15 of a style the wholesale price, when it is the lower.
  const wholesale = product.wholesale_price !== null && product.wholesale_price < regularPrice && quantity >= wholesaleMinimumPerStyle;
  const unitPrice = wholesale && product.wholesale_price !== null ? product.wholesale_price : regularPrice;
  const onWishlist = wishlistProductIds.has(product.id);

  async function add() {
    setAdding(true);
    setAddError(null);
    try {
      await addToCart({ product_id: product.id, quantity, ...variant }, product.name);
    } catch (error) {
      setAddError(error instanceof Error ? error.message : messages.cartAddFailed);
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" aria-live="polite">
        <Badge tone={labelTone[label]}>{label}</Badge>
        {stock !== null && isLowStock(stock) ? <span className="text-sm font-semibold text-amber-800">Only {stock} left</span> : null}
      </div>

      {attributes.length > 0 ? (
        <VariantOptions
          attributes={attributes}
          available={detail.available_variants}
          selection={selection}
          onSelect={onSelect}
          fitVerdict={detail.product.fit_summary.verdict}
        />
      ) : null}

      <div className="flex flex-col gap-2">
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          {...(limit === null ? {} : { max: Math.max(1, limit) })}
          disabled={label === 'Out of Stock' || limit === 0}
        />
        <p aria-live="polite" className="text-sm text-stone-700">
          {atLimit ? messages.quantityLimit(limit, inCart ?? 0) : null}
        </p>
      </div>

      <div className="flex flex-col gap-3">
        <button
          type="button"
          onClick={() => void add()}
          disabled={label !== 'In Stock' || limit === 0 || adding}
          className={`${buttonClass('primary')} min-h-13 w-full text-base`}
        >
          {adding ? 'Adding…' : `Add to Cart - ${format(unitPrice * quantity)}`}
        </button>
        {wholesale ? <p className="text-sm text-brand-800">Wholesale price applied for {wholesaleMinimumPerStyle} or more.</p> : null}
        {addError === null ? null : (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
            {addError}
          </p>
        )}
        {label === 'Out of Stock' ? (
          <Suspense fallback={null}>
            <NotifyWhenBack
              key={`${variant.variant_size}/${variant.variant_color}`}
              productId={product.id}
              selection={selection}
              attributes={attributes.map((attribute) => ({
                name: attribute,
                label: attributeLabel(attribute),
                values: (detail.available_variants[attribute] ?? []).map((option) => option.value),
              }))}
            />
          </Suspense>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          aria-pressed={onWishlist}
          onClick={() => void toggleWishlist(product.id).catch(() => undefined)}
          className={secondaryAction}
        >
          <Heart className={`size-4 ${onWishlist ? 'fill-current' : ''}`} aria-hidden="true" />
          {onWishlist ? 'Remove from Wishlist' : 'Add to Wishlist'}
        </button>
        <ShareButton title={product.name} className={secondaryAction} />
        <a
          href={whatsAppShareUrl(`${product.name} at Threadline: ${origin}/product/${product.id}`)}
          target="_blank"
          rel="noopener noreferrer"
          className={secondaryAction}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Share on WhatsApp
        </a>
      </div>
    </div>
  );
}
