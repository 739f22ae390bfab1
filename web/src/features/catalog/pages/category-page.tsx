import { useParams } from 'react-router';
import { ShopListing } from '../components/shop-listing.tsx';

/** /categories/{slug}: the shop listing with the category fixed by the page. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  return <ShopListing source="fixed" categorySlug={slug} />;
}
