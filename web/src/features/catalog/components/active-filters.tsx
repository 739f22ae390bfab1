import { X } from 'lucide-react';
import type { Category } from '@threadline/contracts';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import type { ShopFiltersState } from '../hooks/use-shop-filters.ts';
import { narrowingFilterCount, type CategorySource, type ShopFilters } from '../shop-filters.ts';

interface Pill {
  key: string;
  label: string;
  patch: Partial<ShopFilters>;
}

/** What currently narrows the listing, each removable on its own; visible above the results on every screen. */
export function ActiveFilters({
  state,
  source,
  categories,
}: {
  state: ShopFiltersState;
  source: CategorySource;
  categories: readonly Category[];
}) {
  const { format } = useCurrency();
  const { filters, setFilters, clearFilters } = state;
  if (narrowingFilterCount(filters, source) === 0) return null;

  const pills: Pill[] = [];
  if (filters.search) pills.push({ key: 'search', label: `“${filters.search}”`, patch: { search: '' } });
  if (source !== 'fixed' && filters.category) {
    const name = categories.find((category) => category.slug === filters.category)?.name ?? filters.category;
    pills.push({ key: 'category', label: name, patch: { category: null } });
  }
  if (filters.size) pills.push({ key: 'size', label: `Size ${filters.size}`, patch: { size: null } });
  if (filters.color) pills.push({ key: 'color', label: filters.color, patch: { color: null } });
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    const label =
      filters.minPrice !== null && filters.maxPrice !== null
        ? `${format(filters.minPrice)} – ${format(filters.maxPrice)}`
        : filters.minPrice !== null
          ? `From ${format(filters.minPrice)}`
          : `Up to ${format(filters.maxPrice)}`;
    pills.push({ key: 'price', label, patch: { minPrice: null, maxPrice: null } });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="contents">
        {pills.map((pill) => (
          <li key={pill.key}>
            <button
              type="button"
              onClick={() => setFilters(pill.patch)}
              className="inline-flex min-h-11 items-center lg:min-h-9 gap-1.5 rounded-full bg-stone-100 py-1 pr-2.5 pl-3.5 text-sm font-medium text-stone-800 hover:bg-stone-200"
            >
              <span className="sr-only">Remove filter</span> {pill.label}
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={clearFilters}
        className="min-h-11 rounded-full px-2 lg:min-h-9 text-sm font-semibold text-stone-700 underline underline-offset-4 hover:text-stone-900"
      >
        Clear all
      </button>
    </div>
  );
}
