import { useParams } from 'react-router';
import { ShopListing } from '../components/shop-listing.tsx';

export function ShopPage() {
  const { categorySlug } = useParams();
  return categorySlug ? <ShopListing source="path" categorySlug={categorySlug} /> : <ShopListing source="query" />;
}
