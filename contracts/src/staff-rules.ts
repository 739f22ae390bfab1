/** BACKOFFICE.md "Who": shoppers are customers; staff and the owner use the back office. */
export const staffRoles = ['owner', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];
export type AccountRole = StaffRole | 'customer';

/** TOTP as every authenticator app reads it: 6 digits, a new code every 30 seconds, SHA-1. */
export const twoFactorDigits = 6;
export const twoFactorPeriodSeconds = 30;

/** A 401 of an admin call whose sign-in still owes its second factor carries this flag beside `error`. */
export const secondFactorRequiredFlag = 'second_factor_required';
