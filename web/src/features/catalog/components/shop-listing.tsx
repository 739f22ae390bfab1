import { SlidersHorizontal } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { shopPageSize } from '@threadline/contracts';
import { ProductCard, ProductCardSkeleton, productGridClass } from '@/components/product/product-card.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { Skeleton, SkeletonBlock } from '@/components/ui/skeleton.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useShop } from '../api/get-shop.ts';
import { useResultsTopInView } from '../hooks/use-results-top-in-view.ts';
import { useShopFilters } from '../hooks/use-shop-filters.ts';
import { narrowingFilterCount, type CategorySource } from '../shop-filters.ts';
import { SortSelect } from './sort-select.tsx';
import { HydrateWhenSeen, islandCode } from '@/lib/hydrate-when-seen.tsx';

// The filters (search, category, price range, facets) load their code when their island wakes: on
// a phone they are folded away until the Filters button opens them.
const filterPanel = islandCode(() => import('./shop-filter-panel.tsx').then((module) => module.ShopFilterPanel));

// The pills of what narrows the list show only once something does: their code loads then.
const activeFilters = islandCode(() => import('./active-filters.tsx').then((module) => module.ActiveFilters));

/** Cards in the first row on the widest grid; their images load first. */
const firstRow = 4;

interface ShopListingProps {
  source: CategorySource;
  /** The category named by the path, for 'path' and 'fixed'. */
  categorySlug?: string | null;
}

/** The filterable product listing of /shop, /shop/category/{slug} and /categories/{slug}. */
export function ShopListing({ source, categorySlug = null }: ShopListingProps) {
  const state = useShopFilters(source, categorySlug);
  const { filters, clearFilters } = state;
  const query = useShop(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const results = useRef<HTMLElement>(null);
  useResultsTopInView(results);

  const firstPage = query.data?.pages[0];
  const categories = firstPage?.results.categories ?? [];
  const category = filters.category ? categories.find((entry) => entry.slug === filters.category) : undefined;
  const settled = query.isSuccess && !query.isPlaceholderData;
  const unknownCategory = settled && filters.category !== null && category === undefined;
  const title = filters.category ? (category?.name ?? null) : 'Shop';
  usePageTitle(unknownCategory ? 'Category not found' : (title ?? 'Shop'));

  if (unknownCategory) return <CategoryNotFound />;

  // Category pages link on to category pages; the shop's own category paths stay in the shop.
  const categoryPath = (slug: string) => (source === 'fixed' ? `/categories/${slug}` : `/shop/category/${slug}`);
  const parent = category?.parent ? categories.find((entry) => entry.slug === category.parent) : undefined;
  const crumbs = [
    source === 'fixed' ? { to: '/categories', label: 'Categories' } : { to: '/shop', label: 'Shop' },
    ...(parent ? [{ to: categoryPath(parent.slug), label: parent.name }] : []),
  ];
  const products = query.data?.pages.flatMap((page) => page.results.products) ?? [];
  const count = firstPage?.count ?? 0;
  const showSkeletons = query.isPending || query.isPlaceholderData;
  const activeCount = narrowingFilterCount(filters, source);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="border-b border-stone-200 pb-6">
        {source === 'query' ? null : (
          <nav aria-label="Breadcrumb">
            <ol className="mb-2 flex flex-wrap items-center gap-x-1.5 text-sm text-stone-600">
              {crumbs.map((crumb) => (
                <li key={crumb.to} className="flex items-center gap-x-1.5">
                  <Link
                    to={crumb.to}
                    className="inline-flex min-h-11 items-center rounded-sm hover:text-stone-900 hover:underline sm:min-h-0"
                  >
                    {crumb.label}
                  </Link>
                  <span aria-hidden="true">/</span>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title ?? (
            <>
              <span className="sr-only">Loading category</span>
              <Skeleton className="h-10 w-56" />
            </>
          )}
        </h1>
        {category && category.children.length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={`Kinds of ${category.name}`}>
            {category.children.map((child) => (
              <li key={child.slug}>
                <Link
                  to={categoryPath(child.slug)}
                  className="inline-flex min-h-11 items-center rounded-full bg-stone-100 px-4 text-sm font-medium text-stone-800 hover:bg-stone-200 lg:min-h-9"
                >
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 py-4">
        <output className="text-sm text-stone-700">
          {showSkeletons ? (
            'Loading products…'
          ) : (
            <>
              <span className="font-semibold text-stone-900">{count}</span> Products found
            </>
          )}
        </output>
        <div className="flex items-center gap-3">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-stone-900 ring-1 ring-inset ring-stone-300 hover:bg-stone-100 lg:hidden"
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            Filters
            {activeCount > 0 ? (
              <span className="flex size-5 items-center justify-center rounded-full bg-stone-900 text-xs text-white">
                <span className="sr-only">(</span>
                {activeCount}
                <span className="sr-only"> active)</span>
              </span>
            ) : null}
          </button>
          <SortSelect sort={filters.sort} searching={filters.search !== ''} onChange={(sort) => state.setFilters({ sort })} />
        </div>
      </div>

      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <section
          id={panelId}
          aria-label="Filters"
          className={`${filtersOpen ? 'block' : 'hidden'} mb-8 rounded-2xl bg-stone-50 p-5 lg:mb-0 lg:block lg:self-start lg:bg-transparent lg:p-0`}
        >
          <HydrateWhenSeen
            name="shop-filters"
            code={filterPanel.code}
            fallback={<SkeletonBlock label="Loading filters…" className="block h-96" />}
          >
            <filterPanel.Part state={state} source={source} categories={categories} facets={firstPage?.facets} />
          </HydrateWhenSeen>
        </section>

        {/* The scroll margin keeps the count and the sort, above the results, in view under the header. */}
        <section ref={results} aria-label="Products" className="flex scroll-mt-40 flex-col gap-6">
          {activeCount > 0 ? (
            <HydrateWhenSeen name="active-filters" code={activeFilters.code}>
              <activeFilters.Part state={state} source={source} categories={categories} />
            </HydrateWhenSeen>
          ) : null}
          {query.isError && !query.data ? (
            <div role="alert" className="rounded-2xl bg-red-50 px-6 py-12 text-center">
              <h2 className="text-xl font-semibold text-red-900">Error Loading Products</h2>
              <p className="mt-2 text-sm text-red-800">{query.error.message}</p>
              <button type="button" onClick={() => void query.refetch()} className={`${buttonClass('primary')} mt-6`}>
                Try Again
              </button>
            </div>
          ) : showSkeletons ? (
            <div className={productGridClass}>
              {Array.from({ length: shopPageSize }, (_, index) => (
                <ProductCardSkeleton key={index} />
              ))}
            </div>
          ) : products.length === 0 ? (
            <div className="rounded-2xl bg-stone-50 px-6 py-16 text-center">
              <h2 className="text-xl font-semibold">No Products Found</h2>
              <p className="mt-2 text-sm text-stone-600">Try another search, or remove a filter or two.</p>
              <button type="button" onClick={clearFilters} className={`${buttonClass('primary')} mt-6`}>
                Clear Filters
              </button>
            </div>
          ) : (
            <>
              <ul className={productGridClass}>
                {products.map((product, index) => (
                  <li key={product.id} className="flex">
                    <HydrateWhenSeen name={`listing-${product.id}`}>
                      <ProductCard product={product} priority={index < firstRow} headingLevel={2} />
                    </HydrateWhenSeen>
                  </li>
                ))}
              </ul>
              <div className="flex flex-col items-center gap-3 pt-4">
                <p className="text-sm text-stone-600">
                  Showing {products.length} of {count}
                </p>
                {query.isFetchNextPageError ? (
                  <p role="alert" className="text-sm text-red-800">
                    {query.error?.message}
                  </p>
                ) : null}
                {query.hasNextPage ? (
                  <button
                    type="button"
                    onClick={() => void query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                    className={buttonClass('secondary')}
                  >
                    {query.isFetchingNextPage ? 'Loading…' : query.isFetchNextPageError ? 'Try Again' : 'Load More'}
                  </button>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function CategoryNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">We couldn&apos;t find that category</h1>
      <p className="mt-4 text-stone-600">It may have moved or been renamed. Browse all our categories, or see everything in the shop.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/categories" className={buttonClass('primary')}>
          Browse Categories
        </Link>
        <Link to="/shop" className={buttonClass('secondary')}>
          Shop All
        </Link>
      </div>
    </div>
  );
}
