import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { loadShopQuery } from '../api/get-shop.ts';
import { ShopListing } from '../components/shop-listing.tsx';
import { parseShopFilters } from '../shop-filters.ts';

export function ShopPage() {
  const { categorySlug } = useParams();
  return categorySlug ? <ShopListing source="path" categorySlug={categorySlug} /> : <ShopListing source="query" />;
}

/** The listing's filters come from the query string, and its category from the path when it names one. */
export function shopPageLoader(queryClient: QueryClient) {
  return ({ request, params, context }: LoaderFunctionArgs) =>
    loadShopQuery(
      queryClient,
      parseShopFilters(new URL(request.url).searchParams, params.categorySlug ?? null),
      context,
      params.categorySlug === undefined ? 'query' : 'path',
    );
}
