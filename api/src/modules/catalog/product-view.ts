import { fitVerdict, isOnSale, minorToMajor, type FitCounts, type ListedProduct, type Product } from '@threadline/contracts';
import type { MediaUrls } from '../../media/media-urls.ts';

export interface ImageRow {
  product_id: number;
  path: string;
  alt_text: string;
  width: number;
  height: number;
  color: string | null;
}

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price: number;
  sale_price: number | null;
  wholesale_price: number | null;
  is_new_arrival: number;
  is_featured: number;
  features: string;
  specifications: string;
  category_slug: string;
  category_name: string;
}

/** A product's approved reviews: how many, their stars summed, and how many named each fit. */
export interface ProductRatings {
  count: number;
  stars: number;
  fit: FitCounts;
}

export const noRatings: ProductRatings = { count: 0, stars: 0, fit: { small: 0, true_to_size: 0, large: 0 } };

const averageOf = ({ count, stars }: ProductRatings) => (count === 0 ? null : Math.round((stars / count) * 10) / 10);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A product as a listing's card shows it: the first picture only, stock summed over its variants. */
export function listedProductView(
  row: ProductRow,
  images: readonly ImageRow[],
  stock: number,
  urls: MediaUrls,
  ratings: ProductRatings = noRatings,
): ListedProduct {
  return {
    id: row.id,
    name: row.name,
    price: minorToMajor(row.price),
    sale_price: isOnSale(row.price, row.sale_price) ? minorToMajor(row.sale_price) : null,
    is_on_sale: isOnSale(row.price, row.sale_price),
    is_new_arrival: row.is_new_arrival === 1,
    is_featured: row.is_featured === 1,
    images: images.slice(0, 1).map((image) => urls.productImage(image)),
    category: { slug: row.category_slug, name: row.category_name },
    stock,
    rating_average: averageOf(ratings),
    rating_count: ratings.count,
  };
}

/** A product as SPEC §3 shows it: JMD amounts in major units, stock summed over its variants. */
export function productView(
  row: ProductRow,
  images: readonly ImageRow[],
  stock: number,
  urls: MediaUrls,
  ratings: ProductRatings = noRatings,
): Product {
  return {
    ...listedProductView(row, images, stock, urls, ratings),
    description: row.description,
    wholesale_price: row.wholesale_price === null ? null : minorToMajor(row.wholesale_price),
    images: images.map((image) => urls.productImage(image)),
    stock_quantity: stock,
    features: parseJson<string[]>(row.features, []),
    specifications: parseJson<Record<string, string>>(row.specifications, {}),
    fit_summary: { ...ratings.fit, verdict: fitVerdict(ratings.fit) },
  };
}

const sizeLadder = ['XXS', 'XS', 'S', 'S/M', 'M', 'L', 'L/XL', 'XL', 'XXL', 'XXXL', 'ONE SIZE'];

/** Sizes in the order a shopper expects: numbers ascending, then letter sizes smallest first. */
export function compareSizes(a: string, b: string): number {
  const numberA = Number.parseFloat(a);
  const numberB = Number.parseFloat(b);
  const numericA = /^\d/.test(a);
  const numericB = /^\d/.test(b);
  if (numericA && numericB) return numberA - numberB || a.localeCompare(b);
  if (numericA !== numericB) return numericA ? -1 : 1;
  const rankA = sizeLadder.indexOf(a.toUpperCase());
  const rankB = sizeLadder.indexOf(b.toUpperCase());
  if (rankA >= 0 && rankB >= 0) return rankA - rankB;
  if (rankA >= 0 !== rankB >= 0) return rankA >= 0 ? -1 : 1;
  return a.localeCompare(b);
}
