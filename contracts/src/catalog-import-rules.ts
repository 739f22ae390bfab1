/**
 * The catalogue's CSV columns (docs/back-office.md, "Catalogue import and export"), in the order the export writes
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
/**
 * The longest row the import reads: a row at every column's limit is about 35 KB, so a longer one is
 * an unclosed quote or not a catalogue, and reading stops there instead of at the file's end.
 */
export const catalogImportMaxRowKilobytes = 64;
/** Errors listed in one report; past it the last entry says how many more rows were bad. */
export const catalogImportMaxErrors = 1000;
