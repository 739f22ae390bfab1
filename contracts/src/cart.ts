import { z } from 'zod';
import { databaseId, quantity, text } from './input-bounds.ts';
import { moneySchema } from './money.ts';

const selectedVariantValueSchema = z.union([z.string(), z.object({ name: z.string() })]);

const cartItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  images: z.array(z.object({ image: z.string(), alt_text: z.string() })),
  variant: z.string(),
  selectedVariants: z.object({
    Size: selectedVariantValueSchema.nullable().optional(),
    Color: selectedVariantValueSchema.nullable().optional(),
  }),
  quantity: z.number().int(),
  /** Line total for the quantity (SPEC §3). */
  price: moneySchema,
  unit_price: moneySchema,
  total: moneySchema,
  /** Units of this variant still available to add. */
  stock: z.number().int(),
  is_wholesale: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  cart_total: moneySchema,
  cart_count: z.number().int(),
  subtotal: moneySchema,
  discount: moneySchema,
  promo_discount: moneySchema,
  total_discount: moneySchema,
  total: moneySchema,
  promo_code: z.string().nullable(),
  promo_code_valid: z.boolean(),
  /** Why an applied code gives no discount right now, when it does not. */
  promo_message: z.string().nullable(),
  /** Products priced at wholesale in this cart (SPEC §1: 15 items per style). */
  wholesale_applied: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** A chosen size or colour as a page sends it: the value, or an option object with its name. */
export const variantChoiceSchema = z.union([text(40), z.object({ name: text(40) })]);

export const addToCartRequestSchema = z.object({
  product_id: databaseId,
  quantity: quantity.default(1),
  variant_size: variantChoiceSchema.nullable().optional(),
  variant_color: variantChoiceSchema.nullable().optional(),
});
export type AddToCartRequest = z.infer<typeof addToCartRequestSchema>;

export const updateCartItemRequestSchema = z.object({ quantity });
export type UpdateCartItemRequest = z.infer<typeof updateCartItemRequestSchema>;
export const applyPromoRequestSchema = z.object({ promo_code: text(60) });
export type ApplyPromoRequest = z.infer<typeof applyPromoRequestSchema>;

export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/** Every cart change answers the spec's {success, message} and the cart as it now is. */
export const cartChangeResponseSchema = successMessageSchema.extend({ cart: cartSchema });
export type CartChangeResponse = z.infer<typeof cartChangeResponseSchema>;

/** POST /api/orders/cart/share/ (KINGSTON.md §5): the link that puts these lines in whoever opens it's cart. */
export const shareCartResponseSchema = z.object({ url: z.string() });
export type ShareCartResponse = z.infer<typeof shareCartResponseSchema>;

/** The secret part of a shared cart's link. */
// Letters, digits, '-' and '_' (base64url), as the shop makes them: anything else is no token at all.
export const sharedCartParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a shared cart link') });
