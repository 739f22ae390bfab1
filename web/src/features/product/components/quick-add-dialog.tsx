import { useState } from 'react';
import { messages, type ListedProduct, type ProductDetailResponse } from '@threadline/contracts';
import { ProductImage } from '@/components/product/product-image.tsx';
import { ProductPrice } from '@/components/product/product-price.tsx';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog.tsx';
import { QuantityStepper } from '@/components/ui/quantity-stepper.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { useShopActions } from '@/lib/shop-actions.tsx';
import { useProduct } from '../api/get-product.ts';
import { attributesOf, cartVariantFields, isLowStock, quantityLimit, selectionStock, type Selection } from '../variant-stock.ts';
import { VariantOptions } from './variant-options.tsx';

interface QuickAddDialogProps {
  /** The card's product: shown at once while its options load. */
  product: ListedProduct;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** SPEC §2 'Select Options': choose size, colour and quantity without leaving the listing. */
export function QuickAddDialog({ product, open, onOpenChange }: QuickAddDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Select Options">
      <QuickAddContent product={product} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function stockNote(stock: number | null): { text: string; tone: string } | null {
  if (stock === null) return null;
  if (stock <= 0) return { text: 'Out of Stock', tone: 'text-red-800' };
  if (isLowStock(stock)) return { text: `Only ${stock} left`, tone: 'text-amber-800' };
  return { text: 'In Stock', tone: 'text-brand-800' };
}

function QuickAddContent({ product, onClose }: { product: ListedProduct; onClose(): void }) {
  const detail = useProduct(product.id);
  const { addToCart, unitsInCart } = useShopActions();
  const [selection, setSelection] = useState<Selection>({});
  const [chosenQuantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const data = detail.data;
  const attributes = data ? attributesOf(data) : [];
  // A single buyable option (one size fits all) needs no decision from the shopper.
  const effective: Selection = { ...singleChoices(data, attributes), ...selection };
  const stock = data ? selectionStock(data, effective) : null;
  const variant = cartVariantFields(effective);
  const inCart = unitsInCart(product.id, variant.variant_size, variant.variant_color);
  const limit = quantityLimit(stock, inCart);
  const quantity = limit === null ? chosenQuantity : Math.max(1, Math.min(chosenQuantity, limit));
  const note = stockNote(stock);
  const canAdd = data !== undefined && stock !== null && stock > 0 && limit !== 0 && !adding;
  const shown = data?.product ?? product;
  const picture = shown.images.find((image) => variant.variant_color !== null && image.color === variant.variant_color) ?? shown.images[0];

  async function add() {
    setAdding(true);
    setAddError(null);
    try {
      await addToCart({ product_id: product.id, quantity, ...variant }, product.name);
      onClose();
    } catch (error) {
      setAddError(error instanceof Error ? error.message : '');
      setAdding(false);
    }
  }

  return (
    <>
      <DialogBody>
        <div className="flex gap-4">
          <div className="size-24 shrink-0 overflow-hidden rounded-xl bg-stone-100">
            <ProductImage image={picture} alt={shown.name} sizes="96px" className="size-full object-cover" />
          </div>
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">{shown.name}</p>
            <div className="mt-1">
              <ProductPrice product={shown} />
            </div>
          </div>
        </div>

        <div className="mt-6">
          {detail.isPending ? (
            <div aria-busy="true" className="flex flex-col gap-3">
              <span className="sr-only">Loading options…</span>
              <Skeleton className="h-4 w-16" />
              <div className="flex gap-2">
                {[0, 1, 2, 3].map((key) => (
                  <Skeleton key={key} className="h-11 w-14 rounded-xl" />
                ))}
              </div>
            </div>
          ) : detail.isError ? (
            <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
              <p className="font-semibold">{messages.productLoadFailed}</p>
              <button
                type="button"
                onClick={() => void detail.refetch()}
                className="mt-1 min-h-11 font-semibold underline underline-offset-4 hover:text-red-700"
              >
                Try again
              </button>
            </div>
          ) : attributes.length === 0 ? (
            <p className="text-sm text-stone-600">This product has no variants to select.</p>
          ) : (
            <VariantOptions
              attributes={attributes}
              available={detail.data.available_variants}
              selection={effective}
              onSelect={(attribute, value) => setSelection((current) => ({ ...current, [attribute]: value }))}
            />
          )}
        </div>

        {data ? (
          <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              {...(limit === null ? {} : { max: Math.max(1, limit) })}
              disabled={stock === 0 || limit === 0}
            />
            <div aria-live="polite" className="pb-3 text-sm">
              <p className={`font-semibold ${note?.tone ?? 'text-stone-600'}`}>{note?.text ?? 'Choose your options to see stock'}</p>
              {stock !== null && stock > 0 && limit !== null && quantity >= limit ? (
                <p className="mt-1 max-w-64 text-stone-700">{messages.quantityLimit(limit, inCart ?? 0)}</p>
              ) : null}
            </div>
          </div>
        ) : null}

        {addError === null ? null : (
          <div role="alert" className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
            <p className="font-semibold">{messages.cartAddFailedDialog}</p>
            {addError && addError !== messages.cartAddFailedDialog ? <p className="mt-1">{addError}</p> : null}
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <button type="button" onClick={onClose} className={buttonClass('secondary')}>
          Cancel
        </button>
        <button type="button" onClick={() => void add()} disabled={!canAdd} className={buttonClass('primary')}>
          {adding ? 'Adding…' : 'Add to Cart'}
        </button>
      </DialogFooter>
    </>
  );
}

function singleChoices(data: Pick<ProductDetailResponse, 'available_variants'> | undefined, attributes: readonly string[]): Selection {
  const choices: Record<string, string> = {};
  if (!data) return choices;
  for (const attribute of attributes) {
    const options = data.available_variants[attribute] ?? [];
    if (options.length === 1 && options[0] && options[0].stock > 0) choices[attribute] = options[0].value;
  }
  return choices;
}
