import { z } from 'zod';
import { adminListSchema, adminPageQuerySchema, productStatuses } from './admin.ts';
import { adminProductSorts, adminStockFilters } from './admin-catalog-rules.ts';
import { databaseId, text } from './input-bounds.ts';

/**
 * The back office's products, variants and categories (BACKOFFICE.md, issue 16). Money is JMD in
 * major units as on the storefront; every field is bounded by its column.
 */

const maxDatabaseInteger = 2_147_483_647;
/** The largest JMD amount a price column holds (cents in an integer). */
const maxPrice = Math.floor(maxDatabaseInteger / 100);

/** A price in JMD: not negative, at most 2 decimals (a cent is the smallest amount the shop keeps). */
const price = z
  .number()
  .min(0, 'Prices cannot be negative.')
  .max(maxPrice)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Prices have at most 2 decimals.');

/** Lower-case words joined by hyphens, as in /shop/category/{slug}. */
const slugText = text(120)
  .trim()
  .min(1, 'The slug cannot be empty.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug is lower-case letters and digits joined by hyphens.');

const nameText = (max: number) => text(max).trim().min(1, 'The name cannot be empty.');
/** A size or colour; empty means the product does not vary by it. */
const option = text(40)
  .trim()
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const adminProductQuerySchema = adminPageQuerySchema.extend({
  search: text(200).trim().optional(),
  /** A category id; a top-level category also lists its children's products. */
  category: databaseId.optional(),
  status: z.enum(productStatuses).optional(),
  /** low: some variant has 1 to 5 left; out: some variant has none left. */
  stock: z.enum(adminStockFilters).optional(),
  sort: z.enum(adminProductSorts).default('newest'),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

export const adminProductListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(productStatuses),
  price: z.number(),
  sale_price: z.number().nullable(),
  category: z.object({ id: z.number(), name: z.string() }),
  /** Units in stock over the variants still sold. */
  stock: z.number(),
  /** The variants still sold with 0 < stock ≤ 5, and with none left. */
  low_variants: z.number(),
  out_variants: z.number(),
  /** The first picture at its smallest width; null without pictures. */
  thumbnail: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminProductListItem = z.infer<typeof adminProductListItemSchema>;

/** GET /api/admin/products/: `count` is exact up to 10,000; `count_capped` is true when more match. */
export const adminProductListSchema = adminListSchema(adminProductListItemSchema).extend({ count_capped: z.boolean() });
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export const adminVariantSchema = z.object({
  id: z.number(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string(),
  stock: z.number(),
  /** It is on an order: it can be retired but not deleted. */
  ordered: z.boolean(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminProductImageSchema = z.object({
  id: z.number(),
  image: z.string(),
  srcset: z.string(),
  alt_text: z.string(),
  position: z.number(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;

export const adminProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  status: z.enum(productStatuses),
  price: z.number(),
  sale_price: z.number().nullable(),
  wholesale_price: z.number().nullable(),
  is_on_sale: z.boolean(),
  is_new_arrival: z.boolean(),
  is_featured: z.boolean(),
  category: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  /** The variants still sold; retired ones are left out. */
  variants: z.array(adminVariantSchema),
  images: z.array(adminProductImageSchema),
  /** It is on an order: DELETE archives it instead of deleting it. */
  ordered: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminVariantCreateSchema = z.object({
  size: option.default(null),
  color: option.default(null),
  sku: text(80).trim().min(1, 'Every variant needs a SKU.'),
  stock: z.number().int().min(0, 'Stock cannot be below 0.').max(1_000_000),
});
export type AdminVariantCreate = z.input<typeof adminVariantCreateSchema>;

/** Strict: stock changes only as a movement (POST /variants/{id}/stock/), so a stock here is refused, not ignored. */
export const adminVariantUpdateSchema = z
  .strictObject({ size: option, color: option, sku: text(80).trim().min(1, 'Every variant needs a SKU.') })
  .partial();
export type AdminVariantUpdate = z.input<typeof adminVariantUpdateSchema>;

const productFields = {
  name: nameText(200),
  slug: slugText.optional(),
  description: text(5000).trim().default(''),
  category: databaseId,
  status: z.enum(productStatuses).default('draft'),
  price,
  sale_price: price.nullable().default(null),
  wholesale_price: price.nullable().default(null),
  is_new_arrival: z.boolean().default(false),
  is_featured: z.boolean().default(false),
  features: z.array(text(200).trim().min(1, 'A feature cannot be empty.')).max(30).default([]),
  specifications: z
    .record(text(80).trim().min(1, 'A specification needs a name.'), text(300).trim())
    .refine((value) => Object.keys(value).length <= 30, 'At most 30 specifications.')
    .default({}),
};

export const adminProductCreateSchema = z.object({
  ...productFields,
  variants: z.array(adminVariantCreateSchema).min(1, 'A product needs at least one variant.').max(100),
});
export type AdminProductCreate = z.input<typeof adminProductCreateSchema>;

export const adminProductUpdateSchema = z
  .object({
    name: productFields.name,
    slug: slugText,
    description: text(5000).trim(),
    category: databaseId,
    status: z.enum(productStatuses),
    price,
    sale_price: price.nullable(),
    wholesale_price: price.nullable(),
    is_new_arrival: z.boolean(),
    is_featured: z.boolean(),
    features: productFields.features.removeDefault(),
    specifications: productFields.specifications.removeDefault(),
  })
  .partial();
export type AdminProductUpdate = z.input<typeof adminProductUpdateSchema>;

/** DELETE of a product: gone when it was never ordered, else archived. */
export const adminProductRemovalSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
/** DELETE of a variant that was never ordered. */
export const adminRemovedSchema = z.object({ deleted: z.literal(true) });

export const adminCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** The parent's id; null for a top-level category. */
  parent: z.number().nullable(),
  /** Media path as stored, e.g. `categories/hats`. */
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  /** Products of every status filed directly under it. */
  product_count: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryQuerySchema = adminPageQuerySchema.extend({
  page_size: adminPageQuerySchema.shape.page_size.default(100),
});

export const adminCategoryCreateSchema = z.object({
  name: nameText(120),
  slug: slugText.optional(),
  parent: databaseId.nullable().default(null),
  image: text(300)
    .trim()
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value)),
});
export type AdminCategoryCreate = z.input<typeof adminCategoryCreateSchema>;

export const adminCategoryUpdateSchema = z
  .object({
    name: nameText(120),
    slug: slugText,
    parent: databaseId.nullable(),
    image: text(300)
      .trim()
      .nullable()
      .transform((value) => (value === '' ? null : value)),
  })
  .partial();
export type AdminCategoryUpdate = z.input<typeof adminCategoryUpdateSchema>;
