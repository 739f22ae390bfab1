import { baseCurrency, effectivePrice, storeDetails, type Product } from '@threadline/contracts';
import { useShopOrigin } from '@/lib/server-render.ts';

/**
 * schema.org Product for search engines. React writes it as text in a data block, which the
 * strict CSP allows because the browser never runs it.
 */
export function ProductStructuredData({ product }: { product: Product }) {
  const origin = useShopOrigin();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    productID: String(product.id),
    sku: String(product.id),
    name: product.name,
    description: product.description,
    category: product.category.name,
    brand: { '@type': 'Brand', name: storeDetails.name },
    image: product.images.map((image) => new URL(image.image, origin).href),
    offers: {
      '@type': 'Offer',
      url: `${origin}/product/${product.id}`,
      priceCurrency: baseCurrency,
      price: effectivePrice(product.price, product.sale_price).toFixed(2),
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    // Only with approved reviews: search engines refuse a rating of nothing.
    ...(product.rating_average === null || product.rating_count === 0
      ? {}
      : {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating_average,
            reviewCount: product.rating_count,
            bestRating: 5,
            worstRating: 1,
          },
        }),
  };
  // The browser's text of a script may differ from the server's by escaping only: not a change to report.
  return (
    <script type="application/ld+json" suppressHydrationWarning>
      {JSON.stringify(data)}
    </script>
  );
}
