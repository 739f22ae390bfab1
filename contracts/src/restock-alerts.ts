import { z } from 'zod';
import { variantChoiceSchema } from './cart.ts';
import { emailAddress } from './content.ts';

/** POST /api/product/{id}/notify/ (KINGSTON.md §5): one e-mail when a sold-out option is back. */
export const restockAlertRequestSchema = z.object({
  email: emailAddress,
  variant_size: variantChoiceSchema.nullable().optional(),
  variant_color: variantChoiceSchema.nullable().optional(),
});
export type RestockAlertRequest = z.infer<typeof restockAlertRequestSchema>;
