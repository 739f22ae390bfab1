import { z } from 'zod';
import { productSchema } from './catalog.ts';
import { databaseId, text } from './input-bounds.ts';

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

/** E-mail addresses are at most 254 characters (RFC 5321), the length of every e-mail column. */
const emailText = text(254);
const passwordText = text(200);

export const loginRequestSchema = z.object({ email: emailText, password: passwordText });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const registerRequestSchema = z.object({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  email: emailText.optional(),
  password1: passwordText.optional(),
  password2: passwordText.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const authResponseSchema = z.object({ user: userSchema, token: z.string(), refresh: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshRequestSchema = z.object({ refresh: text(200) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const refreshResponseSchema = z.object({ token: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const googleCodeRequestSchema = z.object({
  code: text(2048),
  redirect_uri: text(2048),
  state: text(512),
  /** The `iss` parameter of the callback URL, when the issuer sends one (RFC 9207). */
  iss: text(2048).optional(),
});
export type GoogleCodeRequest = z.infer<typeof googleCodeRequestSchema>;
export const googleIdTokenRequestSchema = z.object({ id_token: text(8192) });
export type GoogleIdTokenRequest = z.infer<typeof googleIdTokenRequestSchema>;
export const identityProviderResponseSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  refresh: z.string().optional(),
  user: userSchema.optional(),
  error: z.string().optional(),
});
export type IdentityProviderResponse = z.infer<typeof identityProviderResponseSchema>;

export const profileUpdateSchema = z.object({
  first_name: text(100).trim().optional(),
  last_name: text(100).trim().optional(),
  email: z.email().max(254).optional(),
  /** Empty: no phone. */
  phone: text(40).trim().optional(),
  /** Empty: no date of birth (null). */
  date_of_birth: z
    .string()
    .trim()
    .pipe(z.union([z.literal('').transform(() => null), z.iso.date()]))
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A saved address, as the customer's pages and the back office's customer view show it. */
export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  street_address: z.string(),
  apartment: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  /** What to look for there ("opposite the Texaco"), '' when none (KINGSTON.md §3). */
  landmark: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressInputSchema = z.object({
  label: text(60).trim().default(''),
  street_address: text(200).trim().min(1, 'Street address is required'),
  apartment: text(100).trim().default(''),
  city: text(100).trim().min(1, 'City is required'),
  state: text(100).trim().default(''),
  postal_code: text(20).trim().default(''),
  country: text(100).trim().min(1, 'Country is required'),
  landmark: text(200).trim().default(''),
  is_default: z.boolean().default(false),
});
export type AddressInput = z.infer<typeof addressInputSchema>;
export const addressListResponseSchema = z.object({ addresses: z.array(addressSchema) });
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

/** What a profile picture upload may be: refused past these before it is decoded. */
export const profilePictureLimits = { megabytes: 8, megapixels: 24, uploadsPerHour: 10 } as const;

const wishlistItemSchema = z.object({
  id: z.number().int(),
  product: productSchema,
  /** The product comes in sizes or colours: it goes in the cart from its page, where they are chosen. */
  has_options: z.boolean(),
  created_at: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export const wishlistResponseSchema = z.array(wishlistItemSchema);
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
export const wishlistToggleRequestSchema = z.object({ product_id: databaseId });
export type WishlistToggleRequest = z.infer<typeof wishlistToggleRequestSchema>;
export const wishlistToggleResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  in_wishlist: z.boolean(),
});
export type WishlistToggleResponse = z.infer<typeof wishlistToggleResponseSchema>;

export const addressChangeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  address: addressSchema.optional(),
  addresses: z.array(addressSchema),
});
export type AddressChangeResponse = z.infer<typeof addressChangeResponseSchema>;

export const passwordResetRequestSchema = z.object({ email: emailText.trim() });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export const passwordResetConfirmSchema = z.object({
  token: text(200).min(1),
  password1: passwordText,
  password2: passwordText,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
export const logoutRequestSchema = z.object({ refresh: text(200).optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;
export const googleConfigResponseSchema = z.object({
  enabled: z.boolean(),
  client_id: z.string().nullable(),
  authorization_endpoint: z.string().nullable(),
});
export type GoogleConfigResponse = z.infer<typeof googleConfigResponseSchema>;
