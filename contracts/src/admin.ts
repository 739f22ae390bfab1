import { z } from 'zod';
import { databaseId, pageNumber, sentNumber, text } from './input-bounds.ts';
import { staffRoles } from './staff-rules.ts';

/** BACKOFFICE.md: only active products are on the storefront. */
export const productStatuses = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * Who is signed in to the back office, and where their second factor stands: on but not yet given
 * on this sign-in (ask for the code), or off while the shop requires it (send them to set it up).
 */
export const adminMeSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(staffRoles),
  two_factor_enabled: z.boolean(),
  second_factor_verified: z.boolean(),
  two_factor_required: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** Back-office lists take `page` and `page_size` (at most 100, BACKOFFICE.md). */
export const adminPageSizeMax = 100;
export const adminPageSizeDefault = 25;
export const adminPageQuerySchema = z.object({
  page: pageNumber.default(1),
  page_size: sentNumber(z.number().int().min(1).max(adminPageSizeMax)).default(adminPageSizeDefault),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** `{count, next, previous, results}`, as every back-office list answers. */
export const adminListSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
export interface AdminList<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

export const auditEntrySchema = z.object({
  id: z.number(),
  staff: z.object({ id: z.number(), email: z.string() }),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = adminPageQuerySchema.extend({
  entity: text(40).optional(),
  entity_id: text(64).optional(),
  staff: databaseId.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
