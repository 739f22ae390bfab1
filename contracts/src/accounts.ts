import { z } from 'zod';
import { productSchema } from './catalog.ts';

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  date_of_birth: z.string().nullable(),
  profile_picture: z.string().nullable(),
  date_joined: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({ email: z.string(), password: z.string() });
export const registerRequestSchema = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  password1: z.string().optional(),
  password2: z.string().optional(),
});
export const authResponseSchema = z.object({ user: userSchema, token: z.string(), refresh: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string() });
export const refreshResponseSchema = z.object({ token: z.string(), refresh: z.string() });

export const googleCodeRequestSchema = z.object({
  code: z.string(),
  redirect_uri: z.string(),
  state: z.string(),
  /** The `iss` parameter of the callback URL, when the issuer sends one (RFC 9207). */
  iss: z.string().optional(),
});
export const googleIdTokenRequestSchema = z.object({ id_token: z.string() });
export const identityProviderResponseSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  refresh: z.string().optional(),
  user: userSchema.optional(),
  error: z.string().optional(),
});

export const profileUpdateSchema = z.object({
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  email: z.email().optional(),
  phone: z.string().trim().max(40).optional(),
  date_of_birth: z.iso.date().optional(),
});

export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  street_address: z.string(),
  apartment: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressInputSchema = z.object({
  label: z.string().trim().max(60).default(''),
  street_address: z.string().trim().min(1, 'Street address is required').max(200),
  apartment: z.string().trim().max(100).default(''),
  city: z.string().trim().min(1, 'City is required').max(100),
  state: z.string().trim().max(100).default(''),
  postal_code: z.string().trim().max(20).default(''),
  country: z.string().trim().min(1, 'Country is required').max(100),
  is_default: z.boolean().default(false),
});
export type AddressInput = z.infer<typeof addressInputSchema>;
export const addressListResponseSchema = z.object({ addresses: z.array(addressSchema) });

export const passwordMinLength = 8;

export const wishlistItemSchema = z.object({
  id: z.number().int(),
  product: productSchema,
  created_at: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export const wishlistResponseSchema = z.array(wishlistItemSchema);
export const wishlistToggleRequestSchema = z.object({ product_id: z.coerce.number().int().positive() });
export const wishlistToggleResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  in_wishlist: z.boolean(),
});

export const addressChangeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  address: addressSchema.optional(),
  addresses: z.array(addressSchema),
});

export const passwordResetRequestSchema = z.object({ email: z.string().trim().max(254) });
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  password1: z.string().max(200),
  password2: z.string().max(200),
});
export const logoutRequestSchema = z.object({ refresh: z.string().max(200).optional() });
export const googleConfigResponseSchema = z.object({
  enabled: z.boolean(),
  client_id: z.string().nullable(),
  authorization_endpoint: z.string().nullable(),
});
