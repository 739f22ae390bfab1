import { useId } from 'react';
import type { ShopSort } from '@threadline/contracts';
import { selectClass } from '@/components/ui/field-styles.ts';

const sortLabels: Record<ShopSort, string> = {
  newest: 'Newest',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
  best_sellers: 'Best Sellers',
};

interface SortSelectProps {
  sort: ShopSort | null;
  /** While searching, the API's default order is best match rather than newest. */
  searching: boolean;
  onChange(sort: ShopSort | null): void;
}

export function SortSelect({ sort, searching, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-stone-700 max-sm:sr-only">
        Sort by
      </label>
      <select
        id={id}
        value={sort ?? (searching ? '' : 'newest')}
        onChange={(event) => onChange((event.target.value || null) as ShopSort | null)}
        // A set width: a select is as wide as its widest option, which the page's first layout,
        // made while the HTML is still arriving, may not have seen yet (the row then shifted).
        className={`${selectClass} w-52 min-w-0 sm:w-48`}
      >
        {searching ? <option value="">Best Match</option> : null}
        {(Object.keys(sortLabels) as ShopSort[]).map((value) => (
          <option key={value} value={value}>
            {sortLabels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
