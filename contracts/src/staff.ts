import { z } from 'zod';
import { passwordMinLength } from './account-rules.ts';
import { adminPageQuerySchema } from './admin.ts';
import { text } from './input-bounds.ts';
import { staffRoles, twoFactorDigits } from './staff-rules.ts';

/** A code as a person types it from the app ("123 456" too); the server takes the digits. */
export const twoFactorCodeSchema = z.object({
  code: text(12).regex(/^\s*\d{3}\s?\d{3}\s*$/, `Enter the ${twoFactorDigits}-digit code from your authenticator app`),
});
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>;

/** Enrolment: the secret to type in, the otpauth:// link it stands for, and that link as a QR code (SVG). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorStateSchema = z.object({ two_factor_enabled: z.boolean(), second_factor_verified: z.boolean() });
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

export const staffAccountSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  two_factor_enabled: z.boolean(),
  disabled: z.boolean(),
  /** When the account last signed in; null if never. */
  last_sign_in: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffListQuerySchema = adminPageQuerySchema;

/** A new member of staff, or an existing account given a role (its password then stays as it is). */
export const newStaffSchema = z.object({
  email: z.email('Enter a valid email address').max(254),
  first_name: text(100).default(''),
  last_name: text(100).default(''),
  role: z.enum(staffRoles, 'The role is owner or staff'),
  password: text(128).min(passwordMinLength, `The password needs at least ${passwordMinLength} characters`).optional(),
});
export type NewStaff = z.input<typeof newStaffSchema>;

/**
 * A change the owner makes to another account. `two_factor_enabled: false` resets a second factor
 * whose phone is lost; only its holder can turn one on.
 */
export const staffChangeSchema = z
  .object({
    role: z.enum(staffRoles, 'The role is owner or staff').optional(),
    disabled: z.boolean().optional(),
    two_factor_enabled: z.literal(false, 'Only its holder can turn a second factor on; send false to reset it').optional(),
  })
  .refine(
    (change) => change.role !== undefined || change.disabled !== undefined || change.two_factor_enabled !== undefined,
    'Send a role, disabled or two_factor_enabled',
  );
export type StaffChange = z.infer<typeof staffChangeSchema>;
