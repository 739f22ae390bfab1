import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { catalogImportMaxErrors, type CatalogImportError, type CatalogImportReport } from '@threadline/contracts';
import { isUniqueViolation, type DatabaseHandle, type DbExecutor } from '../../db/database.ts';
import { badRequest, conflict, ShopError } from '../../errors.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StoredVariant, VariantBatches, VariantChange, VariantToAdd } from '../inventory/variant-batches.ts';
import { exportCatalogCsv } from './catalog-export.ts';
import { checkAcrossRows, isBlankRow, readHeader, readRow, type ImportedProduct, type ImportedRow } from './catalog-import-rows.ts';
import type { CatalogImportRepository, ImportedProductColumns, StoredProduct } from './catalog-import.repository.ts';

export interface CatalogImportInput {
  file: Readable;
  fileName: string;
  dryRun: boolean;
  /** Who imports: the staff member of the upload call, or the command line's stand-in. */
  staff: StaffMember;
}

interface ReadFile {
  rows: ImportedRow[];
  errors: CatalogImportError[];
  /** Data rows read, blank ones included, as the spreadsheet numbers them. */
  rowCount: number;
}

interface ImportPlan {
  errors: CatalogImportError[];
  /** Ids of the products the file names that exist, by slug. */
  existingIds: Map<string, number>;
  create: { slug: string; columns: ImportedProductColumns }[];
  update: { product: StoredProduct; columns: ImportedProductColumns }[];
  addVariants: { slug: string; variant: ImportedRow['variant'] }[];
  changeVariants: VariantChange[];
  updated: number;
  unchanged: number;
}

/** A file too large for the upload; raised by the caller's stream. */
export class ImportFileTooLarge extends ShopError {
  constructor(megabytes: number) {
    super(413, `The file is larger than ${megabytes} MB; split it into smaller files.`);
  }
}

const workbookSignatures = ['PK\u0003\u0004', '\u00D0\u00CF\u0011\u00E0'];

/** Reads the file as it arrives: every row is checked as it is parsed, and only good rows are kept. */
async function readCsv(file: Readable): Promise<ReadFile> {
  const parser = parse({ bom: true, relax_column_count: true, trim: true, skip_empty_lines: false });
  file.on('error', (error) => parser.destroy(error));
  file.pipe(parser);
  const rows: ImportedRow[] = [];
  const errors: CatalogImportError[] = [];
  let header: ReturnType<typeof readHeader> | null = null;
  let columnCount = 0;
  let rowNumber = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      if (header === null) {
        const first = cells[0] ?? '';
        if (workbookSignatures.some((signature) => first.startsWith(signature)) || cells.some((cell) => cell.includes('\u0000'))) {
          throw badRequest("This is not a CSV file. In Excel choose File › Save As › 'CSV UTF-8 (Comma delimited)'.");
        }
        header = readHeader(cells);
        if ('problem' in header) throw badRequest(header.problem);
        columnCount = cells.length;
        continue;
      }
      if (isBlankRow(cells) || !('columns' in header)) continue;
      const read = readRow(rowNumber, cells, header.columns, columnCount);
      errors.push(...read.errors);
      if (read.row) rows.push(read.row);
    }
  } catch (error) {
    file.unpipe(parser);
    file.resume();
    if (error instanceof CsvError) throw badRequest(`The file is not valid CSV: ${error.message}.`);
    throw error;
  }
  if (header === null) throw badRequest('The file is empty: its first row must name the columns.');
  return { rows, errors: [...errors, ...checkAcrossRows(rows)], rowCount: rowNumber - 1 };
}

const columnsOf = (product: ImportedProduct, categoryId: number): ImportedProductColumns => ({
  name: product.name,
  description: product.description,
  category_id: categoryId,
  price: product.price,
  sale_price: product.salePrice,
  wholesale_price: product.wholesalePrice,
  status: product.status,
  is_new_arrival: product.isNewArrival ? 1 : 0,
  is_featured: product.isFeatured ? 1 : 0,
  features: JSON.stringify(product.features),
  specifications: JSON.stringify(product.specifications),
});

const sameColumns = (stored: StoredProduct, columns: ImportedProductColumns) =>
  (Object.keys(columns) as (keyof ImportedProductColumns)[]).every((key) => stored[key] === columns[key]);

/** Errors by row (a row's own before the rules across rows), at most the cap, the last entry counting the rest. */
function reportedErrors(errors: CatalogImportError[]): CatalogImportError[] {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  if (sorted.length <= catalogImportMaxErrors) return sorted;
  const rest = sorted.length - catalogImportMaxErrors + 1;
  const listed = sorted.slice(0, catalogImportMaxErrors - 1);
  const firstUnlisted = sorted[catalogImportMaxErrors - 1];
  return [...listed, { row: firstUnlisted?.row ?? 0, field: '', message: `${rest} more errors from this row on are not listed; fix these and check the file again.` }];
}

export interface CatalogImportDependencies {
  database: DatabaseHandle;
  repository: CatalogImportRepository;
  inventory: VariantBatches;
  audit: AuditService;
  /** Told after an import committed, so the storefront's caches drop what it changed. */
  catalogChanged?: () => Promise<void>;
}

/**
 * The catalogue import (README "Catalogue import and export"): all or nothing. The file is read and
 * every row checked first; the database's rules are checked and the changes written in one
 * transaction that reads the variants and products it changes locked, so nothing changes them
 * between the check and the write.
 */
export function createCatalogImport({ database, repository, inventory, audit, catalogChanged }: CatalogImportDependencies) {
  async function plan(rows: ImportedRow[], executor: DbExecutor, lock: boolean): Promise<ImportPlan> {
    const errors: CatalogImportError[] = [];
    const firstRows = new Map<string, ImportedRow>();
    for (const row of rows) if (!firstRows.has(row.product.slug)) firstRows.set(row.product.slug, row);
    const categories = await repository.categoryIds(executor);
    // Variants before products: checkout locks them in that order too.
    const variants = await inventory.variantsBySku(
      rows.map((row) => row.variant.sku),
      lock,
      executor,
    );
    const products = new Map((await repository.bySlug([...firstRows.keys()], lock, executor)).map((product) => [product.slug, product]));
    const variantOfSku = new Map<string, StoredVariant>(variants.map((variant) => [variant.sku, variant]));
    const namedIds = new Set([...products.values()].map((product) => product.id));
    const otherProducts = await repository.slugsOf(
      variants.filter((variant) => !namedIds.has(variant.product_id)).map((variant) => variant.product_id),
      executor,
    );

    const existingIds = new Map([...products].map(([slug, product]) => [slug, product.id]));
    const result: ImportPlan = { errors, existingIds, create: [], update: [], addVariants: [], changeVariants: [], updated: 0, unchanged: 0 };
    const changedProducts = new Set<string>();
    const columnsBySlug = new Map<string, ImportedProductColumns>();
    for (const [slug, { row, product }] of firstRows) {
      const categoryId = categories.get(product.category);
      if (categoryId === undefined) {
        errors.push({ row, field: 'category', message: `No category has the slug '${product.category}'.` });
        continue;
      }
      const columns = columnsOf(product, categoryId);
      columnsBySlug.set(slug, columns);
      const stored = products.get(slug);
      if (stored === undefined) result.create.push({ slug, columns });
      else if (!sameColumns(stored, columns)) {
        result.update.push({ product: stored, columns });
        changedProducts.add(slug);
      }
    }
    for (const { row, product, variant } of rows) {
      const stored = variantOfSku.get(variant.sku);
      const owner = products.get(product.slug);
      if (stored === undefined) {
        result.addVariants.push({ slug: product.slug, variant });
        changedProducts.add(product.slug);
      } else if (owner === undefined || stored.product_id !== owner.id) {
        errors.push({ row, field: 'sku', message: `SKU ${variant.sku} belongs to the product ${otherProducts.get(stored.product_id) ?? `#${stored.product_id}`}.` });
      } else if (
        stored.retired_at !== null ||
        stored.size !== variant.size ||
        stored.color !== variant.color ||
        (variant.stock !== null && variant.stock !== stored.stock)
      ) {
        result.changeVariants.push({ variant: stored, size: variant.size, color: variant.color, stock: variant.stock });
        changedProducts.add(product.slug);
      }
    }
    const existing = [...firstRows.keys()].filter((slug) => products.has(slug));
    result.updated = existing.filter((slug) => changedProducts.has(slug)).length;
    result.unchanged = existing.length - result.updated;
    return result;
  }

  async function write(work: ImportPlan, trx: DbExecutor) {
    const created = await repository.insert(
      work.create.map(({ slug, columns }) => ({ ...columns, slug })),
      trx,
    );
    for (const { product, columns } of work.update) await repository.update(product.id, columns, trx);
    const productIds = new Map([...work.existingIds, ...created]);
    const toAdd: VariantToAdd[] = [];
    for (const { slug, variant } of work.addVariants) {
      const productId = productIds.get(slug);
      if (productId !== undefined) toAdd.push({ productId, sku: variant.sku, size: variant.size, color: variant.color, stock: variant.stock ?? 0 });
    }
    await inventory.addImportedVariants(toAdd, trx);
    await inventory.changeVariants(work.changeVariants, trx);
  }

  return {
    async importCsv({ file, fileName, dryRun, staff }: CatalogImportInput): Promise<CatalogImportReport> {
      const read = await readCsv(file);
      const report = (work: ImportPlan, errors: CatalogImportError[]): CatalogImportReport => ({
        dry_run: dryRun,
        rows: read.rowCount,
        created: work.create.length,
        updated: work.updated,
        unchanged: work.unchanged,
        errors: reportedErrors(errors),
      });
      if (dryRun) {
        const work = await plan(read.rows, database.db, false);
        return report(work, [...read.errors, ...work.errors]);
      }
      let done: CatalogImportReport;
      try {
        done = await database.writeTransaction(async (trx) => {
          const work = await plan(read.rows, trx, true);
          const errors = [...read.errors, ...work.errors];
          // All or nothing: with any error nothing is written, and the report counts nothing done.
          if (errors.length > 0) return { ...report(work, errors), created: 0, updated: 0, unchanged: 0 };
          await write(work, trx);
          const written = report(work, errors);
          await audit.record(
            staff,
            {
              action: 'import',
              entity: 'product',
              entityId: 'csv',
              before: null,
              after: { file: fileName.slice(0, 200), rows: written.rows, created: written.created, updated: written.updated, unchanged: written.unchanged },
            },
            trx,
          );
          return written;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict('Another change created some of these products or SKUs while this file was being imported; nothing was imported. Check the file again.');
        }
        throw error;
      }
      if (done.errors.length === 0 && done.created + done.updated > 0) await catalogChanged?.();
      return done;
    },

    /** The whole catalogue as CSV in the import's columns, streamed. */
    exportCsv: (): Readable => exportCatalogCsv(repository),
  };
}

export type CatalogImport = ReturnType<typeof createCatalogImport>;
