// The import's schemas; its columns and limits are in catalog-import-rules.ts, free of zod for the web's pages.
import { z } from 'zod';

export const catalogImportQuerySchema = z.object({
  dry_run: z.enum(['true', 'false', '1', '0']).optional().transform((value) => value === 'true' || value === '1'),
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
