import { shopSorts, type ShopSort } from '@threadline/contracts';

/** Everything that narrows the shop listing; it all lives in the URL (ARCHITECTURE: the URL is state). */
export interface ShopFilters {
  category: string | null;
  /** null: the API's default order (newest, or best match while searching). */
  sort: ShopSort | null;
  search: string;
  size: string | null;
  color: string | null;
  /** JMD, whatever currency the shopper sees prices in, so shared links mean the same everywhere. */
  minPrice: number | null;
  maxPrice: number | null;
}

/**
 * Where the category comes from: the query string (/shop?category=hats), the path
 * (/shop/category/hats, which changing category keeps), or fixed by the page (/categories/hats).
 */
export type CategorySource = 'query' | 'path' | 'fixed';

export const noFilters: ShopFilters = {
  category: null,
  sort: null,
  search: '',
  size: null,
  color: null,
  minPrice: null,
  maxPrice: null,
};

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim();
  return value ? value : null;
}

function amount(params: URLSearchParams, key: string): number | null {
  const value = text(params, key);
  if (value === null) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

function isShopSort(value: string | null): value is ShopSort {
  return value !== null && (shopSorts as readonly string[]).includes(value);
}

/** Reads filters from the URL, ignoring values the API would refuse. */
export function parseShopFilters(params: URLSearchParams, categoryFromPath: string | null = null): ShopFilters {
  const sort = text(params, 'sort');
  return {
    category: categoryFromPath ?? text(params, 'category'),
    sort: isShopSort(sort) ? sort : null,
    search: text(params, 'search') ?? '',
    size: text(params, 'size'),
    color: text(params, 'color'),
    minPrice: amount(params, 'min_price'),
    maxPrice: amount(params, 'max_price'),
  };
}

/** The filters as query parameters, in a stable order; empty ones are left out. */
export function shopSearchParams(filters: ShopFilters, includeCategory: boolean): URLSearchParams {
  const params = new URLSearchParams();
  if (includeCategory && filters.category) params.set('category', filters.category);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.size) params.set('size', filters.size);
  if (filters.color) params.set('color', filters.color);
  if (filters.minPrice !== null) params.set('min_price', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('max_price', String(filters.maxPrice));
  return params;
}

/** The page URL that shows these filters, keeping the way the current page names its category. */
export function shopLocation(filters: ShopFilters, source: CategorySource, currentPathname: string): { pathname: string; search: string } {
  const params = shopSearchParams(filters, source === 'query');
  let pathname = currentPathname;
  if (source === 'path') {
    pathname = filters.category ? `/shop/category/${encodeURIComponent(filters.category)}` : '/shop';
  }
  const search = params.toString();
  return { pathname, search: search ? `?${search}` : '' };
}

/** GET /api/shop/ query string for one page of results. */
export function shopApiQuery(filters: ShopFilters, page: number): string {
  const params = shopSearchParams(filters, true);
  params.set('page', String(page));
  return params.toString();
}

/** How many filters beyond the page's own category narrow the listing (a price range counts once). */
export function narrowingFilterCount(filters: ShopFilters, source: CategorySource): number {
  return [
    source !== 'fixed' && filters.category !== null,
    filters.search.trim() !== '',
    filters.size !== null,
    filters.color !== null,
    filters.minPrice !== null || filters.maxPrice !== null,
  ].filter(Boolean).length;
}
