import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ProductCard, ProductCardSkeleton, productGridClass } from '@/components/product/product-card.tsx';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useHome } from '../api/get-home.ts';
import { CategoryTile, CategoryTileSkeleton } from '../components/category-tile.tsx';
import { HeroCarousel } from '../components/hero-carousel.tsx';
import { HydrateWhenSeen, islandCode } from '@/lib/hydrate-when-seen.tsx';
import { SkeletonBlock } from '@/components/ui/skeleton.tsx';

// The social section closes the page: its code loads when its island wakes (seen or reached).
const social = islandCode(() => import('../components/social-section.tsx').then((module) => module.SocialSection));

/** SPEC §9 skeleton counts. */
const bestSellerSkeletons = 4;
const categorySkeletons = 6;

function SectionHeading({ id, title, link }: { id: string; title: string; link: { to: string; label: string } }) {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <Link
        to={link.to}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-sm text-sm font-semibold text-brand-800 hover:underline"
      >
        {link.label}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}

export function HomePage() {
  usePageTitle(null);
  const home = useHome();
  const loading = home.isPending;

  return (
    <>
      <h1 className="sr-only">Threadline: clothing and merch from Kingston, Jamaica</h1>
      <HydrateWhenSeen name="promotions">
        <HeroCarousel />
      </HydrateWhenSeen>

      {home.isError ? (
        <div role="alert" className="mx-auto w-full max-w-2xl px-4 py-20 text-center">
          <h2 className="text-2xl font-bold tracking-tight">Oops! Something went wrong</h2>
          <p className="mt-3 text-stone-600">{home.error.message}</p>
          <button type="button" onClick={() => window.location.reload()} className={`${buttonClass('primary')} mt-8`}>
            Try Again
          </button>
        </div>
      ) : (
        <>
          <section aria-labelledby="best-sellers-heading" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
            <SectionHeading id="best-sellers-heading" title="Best Sellers" link={{ to: '/shop?sort=best_sellers', label: 'Shop all' }} />
            {loading ? (
              <div className={`${productGridClass} mt-8`}>
                {Array.from({ length: bestSellerSkeletons }, (_, index) => (
                  <ProductCardSkeleton key={index} />
                ))}
              </div>
            ) : (
              <ul className={`${productGridClass} mt-8`}>
                {home.data.featured_products.map((product, index) => (
                  <li key={product.id} className="flex">
                    {/* The first row on a phone is in view at once and is the page's largest paint. */}
                    <HydrateWhenSeen name={`best-seller-${product.id}`}>
                      <ProductCard product={product} priority={index < 2} />
                    </HydrateWhenSeen>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="categories-heading" className="mx-auto w-full max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
            <SectionHeading id="categories-heading" title="Shop by Category" link={{ to: '/categories', label: 'All categories' }} />
            <HydrateWhenSeen name="home-categories">
              <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-6">
                {loading
                  ? Array.from({ length: categorySkeletons }, (_, index) => (
                      <li key={index}>
                        <CategoryTileSkeleton />
                      </li>
                    ))
                  : home.data.categories.map((category) => (
                      <li key={category.slug}>
                        <CategoryTile
                          name={category.name}
                          to={`/shop/category/${category.slug}`}
                          image={category.image}
                          productCount={category.product_count}
                        />
                      </li>
                    ))}
              </ul>
            </HydrateWhenSeen>
          </section>

          <HydrateWhenSeen
            name="social"
            code={social.code}
            fallback={<SkeletonBlock label="Loading…" className="block h-96 bg-stone-50" />}
          >
            <social.Part products={home.data?.featured_products ?? []} loading={loading} />
          </HydrateWhenSeen>
        </>
      )}
    </>
  );
}
