import { z } from 'zod';
import { adminPageQuerySchema } from './admin.ts';
import { databaseId, text } from './input-bounds.ts';

/** Stock, adjustments and product pictures in the back office (BACKOFFICE.md, issue 16). */

/** The most units one adjustment may add or take away. */
export const maxStockChange = 100_000;
export const stockNoteMax = 200;
export const imageAltTextMax = 200;
/** A product picture upload: its file size and its pixels (decoding costs CPU by the pixel). */
export const productImageLimits = { megabytes: 15, megapixels: 40, perProduct: 30 } as const;

/** Why a variant's stock moved: an order, its cancellation, the opening stock, or staff. */
export const stockMovementKinds = ['seed', 'restock', 'order', 'order_cancelled', 'adjustment'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

export const stockMessages = {
  changeZero: 'The change must add or take away at least one unit.',
  reasonRequired: 'Say why the stock changes.',
  belowZero: (stock: number, change: number) =>
    `Only ${stock} in stock, so ${Math.abs(change)} cannot be taken away: stock never goes below 0.`,
  variantNotFound: 'Variant not found.',
  imageNotFound: 'Picture not found.',
  imageInvalid: 'Please upload an image file (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF).',
  imageMissing: 'Choose a picture to upload (the form field "file").',
  imageTooLarge: (megabytes: number, megapixels: number) =>
    `Please upload a picture of at most ${megabytes} MB and ${megapixels} megapixels.`,
  imageIncomplete: 'The picture did not arrive complete. Please try again.',
  tooManyImages: (limit: number) => `A product has at most ${limit} pictures; delete one first.`,
  orderMismatch: 'Name every picture of the product exactly once, and no others.',
} as const;

export const stockAdjustmentSchema = z.object({
  change: z
    .number()
    .int()
    .min(-maxStockChange)
    .max(maxStockChange)
    .refine((value) => value !== 0, stockMessages.changeZero),
  reason: text(stockNoteMax)
    .trim()
    .min(1, stockMessages.reasonRequired),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;
export const stockAnswerSchema = z.object({ stock: z.number().int() });

export const stockMovementSchema = z.object({
  id: z.number(),
  /** Units added (positive) or taken (negative). */
  change: z.number().int(),
  kind: z.enum(stockMovementKinds),
  /** The staff's words for an adjustment; what happened for the other kinds. */
  reason: z.string(),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  staff: z.object({ id: z.number(), email: z.string() }).nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockLevels = ['low', 'out'] as const;
export const stockListQuerySchema = adminPageQuerySchema.extend({
  search: text(100).trim().optional(),
  stock: z.enum(stockLevels).optional(),
  product: databaseId.optional(),
});
export type StockListQuery = z.infer<typeof stockListQuerySchema>;

export const stockRowSchema = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), name: z.string(), status: z.string() }),
  size: z.string().nullable(),
  color: z.string().nullable(),
  sku: z.string(),
  stock: z.number().int(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

export const adminImageSchema = z.object({
  id: z.number(),
  position: z.number().int(),
  image: z.string(),
  srcset: z.string(),
  alt_text: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  color: z.string().nullable(),
});
export type AdminImage = z.infer<typeof adminImageSchema>;
/** A product's pictures in storefront order, with the product they belong to. */
export const adminImagesSchema = z.object({ product: z.object({ id: z.number(), name: z.string() }), images: z.array(adminImageSchema) });
export type AdminImages = z.infer<typeof adminImagesSchema>;

export const imageAltTextSchema = z.object({ alt_text: text(imageAltTextMax).trim() });
export const imageOrderSchema = z.object({ ids: z.array(databaseId).max(productImageLimits.perProduct * 2) });
