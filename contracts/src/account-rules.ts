// The accounts' constants, apart from their schemas so that a page using them loads no zod.

export const passwordMinLength = 8;
/** The rule shown under every new-password field before anything is typed (SPEC §9: minimum length 8). */
export const passwordRule = `At least ${passwordMinLength} characters`;

/** Profile fields a customer may clear by sending them empty; the others sent empty are left as they are. */
export const clearableProfileFields = ['phone', 'date_of_birth'] as const;
