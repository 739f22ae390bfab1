import { z } from 'zod';

/**
 * The catalogue's CSV columns (README "Catalogue import and export"), in the order the export writes
 * them: one row per variant, its product's columns repeated on each of the product's rows.
 */
export const catalogCsvColumns = [
  'slug',
  'name',
  'description',
  'category',
  'price',
  'sale_price',
  'wholesale_price',
  'status',
  'is_new_arrival',
  'is_featured',
  'features',
  'specifications',
  'size',
  'color',
  'sku',
  'stock',
] as const;
export type CatalogCsvColumn = (typeof catalogCsvColumns)[number];

/** The largest file the upload call takes; 10,000 products with 40,000 variants are about 12 MB. */
export const catalogImportMaxMegabytes = 20;
/** Errors listed in one report; past it the last entry says how many more rows were bad. */
export const catalogImportMaxErrors = 1000;

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
