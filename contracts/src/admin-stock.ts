import { z } from 'zod';
import { adminPageQuerySchema } from './admin.ts';
import { databaseId, text } from './input-bounds.ts';
import {
  imageAltTextMax,
  imageColorMax,
  maxStockChange,
  productImageLimits,
  stockMessages,
  stockMovementKinds,
  stockNoteMax,
} from './admin-stock-rules.ts';

/** Schemas of the back office's stock and picture calls; their limits are in admin-stock-rules.ts. */

export const stockAdjustmentSchema = z.object({
  change: z
    .number()
    .int()
    .min(-maxStockChange)
    .max(maxStockChange)
    .refine((value) => value !== 0, stockMessages.changeZero),
  reason: text(stockNoteMax).trim().min(1, stockMessages.reasonRequired),
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
export const adminImagesSchema = z.object({
  /** `colors`: the colours its variants come in, which a picture may be tied to. */
  product: z.object({ id: z.number(), name: z.string(), colors: z.array(z.string()) }),
  images: z.array(adminImageSchema),
});
export type AdminImages = z.infer<typeof adminImagesSchema>;

export const imageAltTextSchema = z.object({ alt_text: text(imageAltTextMax).trim() });
/** The colour option a picture shows ('' or null: none), one of its product's variant colours; the product page's colour switch shows it. */
export const imageColorSchema = z.object({ color: text(imageColorMax).trim().nullable() });
/** PATCH /api/admin/images/{id}/: its alt text, the colour it shows, or both. */
export const imageChangeSchema = imageAltTextSchema.partial().extend(imageColorSchema.partial().shape);
export type ImageChange = z.infer<typeof imageChangeSchema>;
export const imageOrderSchema = z.object({ ids: z.array(databaseId).max(productImageLimits.perProduct * 2) });
