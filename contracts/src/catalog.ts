import { z } from 'zod';
import { moneyAmount, pageNumber, text } from './input-bounds.ts';
import { shopSorts } from './catalog-rules.ts';
import { reviewFits } from './review-rules.ts';
import { moneySchema } from './money.ts';

const productImageSchema = z.object({
  image: z.string(),
  alt_text: z.string(),
  /** Responsive candidates for `srcset` ("url 320w, url 640w, …"). */
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The colour option (a `Color` value of the product) the picture shows; null when it shows no one colour. */
  color: z.string().nullable(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

const categoryRefSchema = z.object({ slug: z.string(), name: z.string() });

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: moneySchema,
  sale_price: moneySchema.nullable(),
  /** Unit price when a cart holds the wholesale minimum of this product; null when none. */
  wholesale_price: moneySchema.nullable(),
  is_on_sale: z.boolean(),
  is_new_arrival: z.boolean(),
  is_featured: z.boolean(),
  images: z.array(productImageSchema),
  category: categoryRefSchema,
  stock: z.number().int(),
  stock_quantity: z.number().int(),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  /** Mean stars of the approved reviews, to one decimal; null before the first (KINGSTON.md §6). */
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
  /** Approved reviews per fit, and `verdict` once they agree (`fitVerdict` in review-rules.ts). */
  fit_summary: z.object({
    small: z.number().int(),
    true_to_size: z.number().int(),
    large: z.number().int(),
    verdict: z.enum(reviewFits).nullable(),
  }),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A product as a listing carries it (the shop, the home page's best sellers, related products): what
 * its card shows, with the first picture only. The product call has the rest (spec deviation 59).
 */
export const listedProductSchema = productSchema
  .pick({
    id: true,
    name: true,
    price: true,
    sale_price: true,
    is_on_sale: true,
    is_new_arrival: true,
    is_featured: true,
    category: true,
    stock: true,
    rating_average: true,
    rating_count: true,
  })
  .extend({ images: z.array(productImageSchema).max(1) });
export type ListedProduct = z.infer<typeof listedProductSchema>;

const variantOptionSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  name: z.string(),
  stock: z.number().int(),
});

/** Attribute name ("Size", "Color") to its options. */
const availableVariantsSchema = z.record(z.string(), z.array(variantOptionSchema));
export type AvailableVariants = z.infer<typeof availableVariantsSchema>;

/** One sellable combination; the page uses these to know the stock of the chosen size and colour together. */
const productVariantSchema = z.object({
  id: z.number().int(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  stock: z.number().int(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productDetailResponseSchema = z.object({
  product: productSchema,
  related_products: z.array(listedProductSchema),
  available_variants: availableVariantsSchema,
  variants: z.array(productVariantSchema),
});
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  /** Active products in the category and its children. */
  product_count: z.number().int(),
  /** Slug of the parent category; null for a top-level one. */
  parent: z.string().nullable(),
  children: z.array(z.object({ name: z.string(), slug: z.string() })),
});
export type Category = z.infer<typeof categorySchema>;

export const homeResponseSchema = z.object({
  featured_products: z.array(listedProductSchema),
  categories: z.array(categorySchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;

export const shopQuerySchema = z.object({
  page: pageNumber.default(1),
  category: text(120).trim().optional(),
  /** Absent: newest first, or best match first when searching. */
  sort: z.enum(shopSorts).optional(),
  search: text(200).trim().optional(),
  size: text(40).trim().optional(),
  color: text(40).trim().optional(),
  min_price: moneyAmount.optional(),
  max_price: moneyAmount.optional(),
});
export type ShopQuery = z.infer<typeof shopQuerySchema>;

const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });

/** Filter choices over the whole result (not the page); each facet ignores its own filter. */
const shopFacetsSchema = z.object({
  sizes: z.array(facetValueSchema),
  colors: z.array(facetValueSchema),
  price: z.object({ min: moneySchema, max: moneySchema }).nullable(),
});
export type ShopFacets = z.infer<typeof shopFacetsSchema>;

export const shopResponseSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.object({ products: z.array(listedProductSchema), categories: z.array(categorySchema) }),
  facets: shopFacetsSchema,
});
export type ShopResponse = z.infer<typeof shopResponseSchema>;

export const categoriesResponseSchema = z.object({
  categories: z.array(categorySchema),
  hierarchical_categories: z.array(categorySchema),
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
