import { Heart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { productImageSizes, type ListedProduct } from '@threadline/contracts';
import { Badge } from '@/components/ui/badge.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { useShopActions } from '@/lib/shop-actions.tsx';
import { ProductImage } from './product-image.tsx';
import { ProductPrice } from './product-price.tsx';
import { useQuickAdd } from './quick-add-context.tsx';

interface ProductCardProps {
  product: ListedProduct;
  /** Cards in the first visible row load their image eagerly and first. */
  priority?: boolean;
  /** The card title's level under the section's heading. */
  headingLevel?: 2 | 3;
}

export function ProductCard({ product, priority = false, headingLevel = 3 }: ProductCardProps) {
  const nameId = useId();
  const { toggleWishlist, wishlistProductIds } = useShopActions();
  const { openQuickAdd } = useQuickAdd();
  const [wishlistBusy, setWishlistBusy] = useState(false);
  const onWishlist = wishlistProductIds.has(product.id);
  // No variant of it in stock (its stock is their sum): SPEC §4 'Out of Stock', nothing to choose.
  const soldOut = product.stock <= 0;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function onToggleWishlist() {
    setWishlistBusy(true);
    try {
      await toggleWishlist(product.id);
    } catch {
      // The wishlist button keeps its state; the account feature reports its own failures.
    } finally {
      setWishlistBusy(false);
    }
  }

  return (
    <article className="group relative flex w-full flex-col">
      <div className="relative aspect-square overflow-hidden rounded-2xl bg-stone-100">
        <ProductImage
          image={product.images[0]}
          alt={product.name}
          sizes={productImageSizes.card}
          priority={priority}
          className="size-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
        />
        <div className="absolute top-3 right-14 left-3 flex flex-wrap items-start gap-1">
          {product.is_on_sale ? <Badge tone="red">Sale</Badge> : null}
          {product.is_new_arrival ? <Badge tone="green">New</Badge> : null}
          {product.is_featured ? <Badge tone="light">Featured</Badge> : null}
          {soldOut ? <Badge tone="dark">Out of Stock</Badge> : null}
        </div>
        <button
          type="button"
          aria-pressed={onWishlist}
          aria-label={onWishlist ? 'Remove from wishlist' : 'Add to wishlist'}
          aria-describedby={nameId}
          disabled={wishlistBusy}
          onClick={() => void onToggleWishlist()}
          className="absolute top-2 right-2 z-10 flex size-11 items-center justify-center rounded-full bg-white/90 text-stone-700 shadow-sm backdrop-blur transition-colors hover:bg-white hover:text-red-700 aria-pressed:text-red-700"
        >
          <Heart className={`size-5 ${onWishlist ? 'fill-current' : ''}`} aria-hidden="true" />
        </button>
      </div>
      <div className="mt-3 flex flex-1 flex-col">
        <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">{product.category.name}</p>
        <Heading id={nameId} className="mt-1 text-sm leading-snug font-semibold text-stone-900 sm:text-base">
          <Link to={`/product/${product.id}`} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl hover:text-brand-800">
            {product.name}
          </Link>
        </Heading>
        {product.rating_average === null ? null : (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-stone-600">
            <StarRating value={product.rating_average} className="h-3.5" />
            <span>
              ({product.rating_count}
              <span className="sr-only"> {product.rating_count === 1 ? 'review' : 'reviews'}</span>)
            </span>
          </p>
        )}
        <div className="mt-1.5 mb-3">
          <ProductPrice product={product} />
        </div>
        <button
          type="button"
          aria-describedby={nameId}
          disabled={soldOut}
          onClick={() => openQuickAdd(product)}
          className="relative z-10 mt-auto inline-flex min-h-11 items-center justify-center rounded-full bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-stone-700 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-600"
        >
          {soldOut ? 'Out of Stock' : 'Add to Cart'}
        </button>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col" aria-hidden="true">
      <Skeleton className="aspect-square rounded-2xl" />
      <Skeleton className="mt-3 h-3 w-1/3" />
      <Skeleton className="mt-2 h-4 w-3/4" />
      <Skeleton className="mt-2 h-4 w-1/4" />
      <Skeleton className="mt-3 h-11 rounded-full" />
    </div>
  );
}

/** The shop's product grid: two columns on phones up to four on wide screens. */
export const productGridClass = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4';
