// The accounts' constants, apart from their schemas so that a page using them loads no zod.

export const passwordMinLength = 8;

/** Profile fields a customer may clear by sending them empty; the others sent empty are left as they are. */
export const clearableProfileFields = ['phone', 'date_of_birth'] as const;
