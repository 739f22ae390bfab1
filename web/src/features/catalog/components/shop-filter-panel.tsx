import { useCallback, useId } from 'react';
import type { Category, ShopFacets } from '@threadline/contracts';
import { selectClass } from '@/components/ui/field-styles.ts';
import type { ShopFiltersState } from '../hooks/use-shop-filters.ts';
import type { CategorySource } from '../shop-filters.ts';
import { FacetChips } from './facet-chips.tsx';
import { PriceRangeFilter } from './price-range-filter.tsx';
import { SearchField } from './search-field.tsx';

interface ShopFilterPanelProps {
  state: ShopFiltersState;
  source: CategorySource;
  categories: readonly Category[];
  facets: ShopFacets | undefined;
}

/**
 * A category the list does not hold (the list failed to load, or the category left the shop) named
 * from its address, 'mens-tees' as 'Mens tees': a shopper never reads a raw slug.
 */
function categoryNameOf(slug: string): string {
  const words = slug.split('-').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function ShopFilterPanel({ state, source, categories, facets }: ShopFilterPanelProps) {
  const { filters, setFilters } = state;
  const categoryId = useId();
  const onSearch = useCallback((search: string, options: { replace: boolean }) => setFilters({ search }, options), [setFilters]);
  const knownCategory = filters.category === null || categories.some((category) => category.slug === filters.category);

  return (
    <div className="flex flex-col gap-7">
      <SearchField value={filters.search} onSearch={onSearch} />

      {source === 'fixed' ? null : (
        <div>
          <label htmlFor={categoryId} className="mb-2 block text-sm font-semibold text-stone-900">
            Category
          </label>
          <select
            id={categoryId}
            value={filters.category ?? ''}
            onChange={(event) => setFilters({ category: event.target.value || null })}
            className={`${selectClass} w-full`}
          >
            <option value="">All Categories</option>
            {knownCategory ? null : <option value={filters.category ?? ''}>{categoryNameOf(filters.category ?? '')}</option>}
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {/* Native options cannot be styled, so children are indented with spaces. */}
                {category.parent ? '\u00a0\u00a0\u00a0\u00a0' : ''}
                {category.name} ({category.product_count})
              </option>
            ))}
          </select>
        </div>
      )}

      <FacetChips legend="Size" values={facets?.sizes ?? []} selected={filters.size} onSelect={(size) => setFilters({ size })} />
      <FacetChips legend="Colour" values={facets?.colors ?? []} selected={filters.color} onSelect={(color) => setFilters({ color })} />
      <PriceRangeFilter
        minPrice={filters.minPrice}
        maxPrice={filters.maxPrice}
        bounds={facets?.price ?? null}
        onApply={(range) => setFilters(range)}
      />
    </div>
  );
}
