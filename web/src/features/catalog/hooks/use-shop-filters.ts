import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { noFilters, parseShopFilters, shopLocation, type CategorySource, type ShopFilters } from '../shop-filters.ts';

export interface ShopFiltersState {
  filters: ShopFilters;
  /** Pushes a history entry unless `replace` (search refinements replace, so Back skips keystrokes). */
  setFilters(patch: Partial<ShopFilters>, options?: { replace?: boolean }): void;
  /** Back to the unfiltered listing; a page's fixed category stays. */
  clearFilters(): void;
}

export function useShopFilters(source: CategorySource, categoryFromPath: string | null): ShopFiltersState {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const filters = useMemo(() => parseShopFilters(params, source === 'query' ? null : categoryFromPath), [params, source, categoryFromPath]);

  const setFilters = useCallback(
    (patch: Partial<ShopFilters>, options: { replace?: boolean } = {}) => {
      // Filtering is not leaving the page, so the shopper keeps their place.
      void navigate(shopLocation({ ...filters, ...patch }, source, pathname), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [filters, navigate, pathname, source],
  );

  const clearFilters = useCallback(() => {
    setFilters({ ...noFilters, category: source === 'fixed' ? filters.category : null });
  }, [filters.category, setFilters, source]);

  return { filters, setFilters, clearFilters };
}
