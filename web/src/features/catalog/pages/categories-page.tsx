import { fixedCategories } from '@threadline/contracts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useCategories } from '@/lib/queries/categories.ts';
import { CategoryTile } from '../components/category-tile.tsx';

/** SPEC §2 /categories: the four fixed categories, with their pictures and counts once known. */
export function CategoriesPage() {
  usePageTitle('Shop by Category');
  const { data } = useCategories();

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Shop by Category</h1>
      <p className="mt-3 max-w-2xl text-base text-stone-600 sm:text-lg">
        Sneakers, hats, tees and the finishing touches: start with what you came for.
      </p>
      <ul className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {fixedCategories.map((fixed) => {
          const category = data?.categories.find((entry) => entry.slug === fixed.slug);
          return (
            <li key={fixed.slug}>
              <CategoryTile
                name={fixed.name}
                to={`/shop?category=${fixed.slug}`}
                image={data ? (category?.image ?? null) : undefined}
                {...(category ? { productCount: category.product_count } : {})}
                headingLevel={2}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
