// The accounts' constants, apart from their schemas so that a page using them loads no zod.

export const passwordMinLength = 8;
