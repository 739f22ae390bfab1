import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { loadShopQuery } from '../api/get-shop.ts';
import { ShopListing } from '../components/shop-listing.tsx';
import { parseShopFilters } from '../shop-filters.ts';

/** /categories/{slug}: the shop listing with the category fixed by the page. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  return <ShopListing source="fixed" categorySlug={slug} />;
}

export function categoryPageLoader(queryClient: QueryClient) {
  return ({ request, params, context }: LoaderFunctionArgs) =>
    loadShopQuery(queryClient, parseShopFilters(new URL(request.url).searchParams, params.slug ?? ''), context, 'fixed');
}
