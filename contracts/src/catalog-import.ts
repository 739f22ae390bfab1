// The import's schemas; its columns and limits are in catalog-import-rules.ts, free of zod for the web's pages.
import { z } from 'zod';
import { databaseId } from './input-bounds.ts';

export const catalogImportQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** One bad cell: the row as a spreadsheet numbers it (the header is row 1) and the column. */
export const catalogImportErrorSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type CatalogImportError = z.infer<typeof catalogImportErrorSchema>;

/**
 * What an import did, or (dry run, or any error) would do: products created and updated, and those
 * the file names exactly as they are. With errors nothing was written.
 */
export const catalogImportReportSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(catalogImportErrorSchema),
});
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

export const catalogImportRunStatuses = ['writing', 'done', 'failed'] as const;
export type CatalogImportRunStatus = (typeof catalogImportRunStatuses)[number];

export const catalogImportRunParamsSchema = z.object({ id: databaseId });

/**
 * An import still being written when its upload call answered (202), as the back office polls it at
 * GET /api/admin/products/import/{id}/: the products written so far, and the report once it ended.
 */
export const catalogImportRunSchema = z.object({
  id: z.number(),
  status: z.enum(catalogImportRunStatuses),
  file_name: z.string(),
  rows: z.number(),
  /** Products the file names. */
  products: z.number(),
  products_written: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  report: catalogImportReportSchema.nullable(),
});
export type CatalogImportRun = z.infer<typeof catalogImportRunSchema>;
