import { ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  effectivePrice,
  majorToMinor,
  messages,
  minorToMajor,
  relatedProductsLimit,
  taxLabel,
  taxMinor,
  wholesaleMinimumPerStyle,
  type ProductDetailResponse,
} from '@threadline/contracts';
import { ProductCard, productGridClass } from '@/components/product/product-card.tsx';
import { ProductPrice } from '@/components/product/product-price.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Skeleton, SkeletonBlock } from '@/components/ui/skeleton.tsx';
import { Price } from '@/lib/currency/price.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePageMeta } from '@/lib/use-page-title.ts';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import { useProduct } from '../api/get-product.ts';
import { firstPictureOf, ProductGallery } from '../components/product-gallery.tsx';
import { cartVariantFields, initialSelection, type Selection } from '../variant-stock.ts';
import { HydrateWhenSeen, islandCode } from '@/lib/hydrate-when-seen.tsx';

// The purchase panel (choices, quantity, Add to Cart, share) is below the gallery on a phone: its
// code loads when its island wakes, seen or reached (at once where it is in view).
const purchase = islandCode(() => import('../components/purchase-panel.tsx').then((module) => module.PurchasePanel));

// The features and specifications sit below the purchase panel: their code loads when seen.
const specifications = islandCode(() => import('../components/product-specifications.tsx').then((module) => module.ProductSpecifications));

// The structured data is for search engines, which read the server's page: in the browser its code
// loads only when the app renders a product page itself (its island, a data block, is never seen).
const structuredData = islandCode(() => import('../components/product-structured-data.tsx').then((module) => module.ProductStructuredData));

// The reviews (their list, summary and the buyers' form) sit below the fold: their code loads when
// their island wakes (seen or reached), not with the page.
const reviews = islandCode(() => import('../components/product-reviews.tsx').then((module) => module.ProductReviews));

/** Search results show about this much of a description. */
const descriptionLength = 160;

function summary(text: string): string {
  if (text.length <= descriptionLength) return text;
  return `${text.slice(0, text.lastIndexOf(' ', descriptionLength - 1))}…`;
}

/**
 * The owner's tax on this price, by the rule the cart and checkout charge with: what the price holds
 * ("Includes GCT J$…") or that it is added at checkout. Nothing while there is no tax.
 */
function TaxNote({ price }: { price: number }) {
  const charges = useStoreSettings().data;
  if (!charges || charges.tax.rate === 0) return null;
  const { name, rate, prices_include_tax: included } = charges.tax;
  return (
    <p className="mt-1 text-sm text-stone-600">
      {included ? (
        <>
          {taxLabel(name, true)} <Price amount={minorToMajor(taxMinor(charges, majorToMinor(price)))} />
        </>
      ) : (
        `Plus ${rate}% ${name} at checkout`
      )}
    </p>
  );
}

export function ProductPage() {
  const { id = '' } = useParams();
  const query = useProduct(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const product = query.data?.product;
  usePageMeta(
    product
      ? { title: product.name, description: summary(product.description) }
      : { title: query.isError ? 'Something went wrong' : 'Product' },
  );

  // No such product (deleted or unpublished since a link to it was drawn, even with its old answer
  // still cached): the route's boundary shows the not-found page, as the server does with a 404.
  if (notFound) throw query.error;
  if (query.isPending) return <ProductPageSkeleton />;
  // A failure to ask again (the connection dropped) leaves the product as last answered on screen.
  if (query.isError && !query.data) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{messages.productLoadFailed}</h1>
        <p className="mt-4 text-stone-600">{query.error.message}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={() => void query.refetch()} className={buttonClass('primary')}>
            Try Again
          </button>
          <Link to="/shop" className={buttonClass('secondary')}>
            Back to Shop
          </Link>
        </div>
      </div>
    );
  }
  // Keyed so moving to a related product starts the gallery and the choices afresh.
  return <ProductDetail key={query.data.product.id} detail={query.data} />;
}

const chosenColor = (selection: Selection) => cartVariantFields(selection).variant_color;

function ProductDetail({ detail }: { detail: ProductDetailResponse }) {
  const { product } = detail;
  const [selection, setSelection] = useState<Selection>(() => initialSelection(detail));
  // The gallery opens on, and moves to, the chosen colour's first picture where there is one.
  const [pictureIndex, setPictureIndex] = useState(() => firstPictureOf(product.images, chosenColor(selection)) ?? 0);
  function choose(attribute: string, value: string) {
    const next = { ...selection, [attribute]: value };
    setSelection(next);
    const picture = firstPictureOf(product.images, chosenColor(next));
    if (picture !== null && chosenColor(next) !== chosenColor(selection)) setPictureIndex(picture);
  }
  const related = detail.related_products.slice(0, relatedProductsLimit);
  const crumbs = [
    { to: '/', label: 'Home' },
    { to: '/shop', label: 'Shop' },
    { to: `/shop/category/${product.category.slug}`, label: product.category.name },
  ];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-x-1.5 text-sm text-stone-600">
          {crumbs.map((crumb) => (
            <Fragment key={crumb.to}>
              <li>
                <Link
                  to={crumb.to}
                  className="inline-flex min-h-11 items-center rounded-sm hover:text-stone-900 hover:underline sm:min-h-0"
                >
                  {crumb.label}
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-3.5" />
              </li>
            </Fragment>
          ))}
          <li aria-current="page" className="font-medium text-stone-900">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 lg:mt-8 lg:grid-cols-2 lg:gap-14">
        <HydrateWhenSeen name="gallery">
          <ProductGallery images={product.images} name={product.name} index={pictureIndex} onIndexChange={setPictureIndex} />
        </HydrateWhenSeen>

        <div>
          <div className="flex flex-wrap gap-2">
            {product.is_on_sale ? <Badge tone="red">Sale</Badge> : null}
            {product.is_new_arrival ? <Badge tone="green">New</Badge> : null}
            {product.is_featured ? <Badge tone="dark">Featured</Badge> : null}
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{product.name}</h1>
          <div className="mt-4">
            <ProductPrice product={product} size="lg" />
            <TaxNote price={effectivePrice(product.price, product.sale_price)} />
          </div>
          {product.wholesale_price === null ? null : (
            <p className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-inset ring-brand-200">
              <span className="font-semibold">Wholesale: </span>
              <Price amount={product.wholesale_price} className="font-semibold" /> each when you buy {wholesaleMinimumPerStyle} or more of
              this style
            </p>
          )}
          <p className="mt-6 text-base leading-7 text-pretty text-stone-700">{product.description}</p>
          <div className="mt-8 border-t border-stone-200 pt-8">
            <HydrateWhenSeen
              name="purchase"
              code={purchase.code}
              fallback={<SkeletonBlock label="Loading sizes and colours…" className="block h-56" />}
            >
              <purchase.Part detail={detail} selection={selection} onSelect={choose} />
            </HydrateWhenSeen>
          </div>
        </div>
      </div>

      {product.features.length > 0 || Object.keys(product.specifications).length > 0 ? (
        <HydrateWhenSeen
          name="specifications"
          code={specifications.code}
          fallback={<SkeletonBlock label="Loading details…" className="mt-16 block h-48" />}
        >
          <specifications.Part product={product} />
        </HydrateWhenSeen>
      ) : null}

      <HydrateWhenSeen
        name="reviews"
        code={reviews.code}
        fallback={<SkeletonBlock label="Loading reviews…" className="mt-16 block h-64" />}
      >
        <reviews.Part productId={product.id} productName={product.name} />
      </HydrateWhenSeen>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-16 border-t border-stone-200 pt-12">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            You may also like
          </h2>
          <ul className={`${productGridClass} mt-8`}>
            {related.map((item) => (
              <li key={item.id} className="flex">
                <HydrateWhenSeen name={`related-${item.id}`}>
                  <ProductCard product={item} />
                </HydrateWhenSeen>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <HydrateWhenSeen name="structured-data" code={structuredData.code}>
        <structuredData.Part product={product} />
      </HydrateWhenSeen>
    </div>
  );
}

function ProductPageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8" aria-busy="true">
      <span className="sr-only">Loading product…</span>
      <Skeleton className="h-4 w-64" />
      <div className="mt-8 grid gap-8 lg:grid-cols-2 lg:gap-14">
        <Skeleton className="aspect-square rounded-3xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="mt-6 h-11 w-2/3" />
          <Skeleton className="h-11 w-1/2" />
          <Skeleton className="h-13 w-full rounded-full" />
        </div>
      </div>
    </div>
  );
}
