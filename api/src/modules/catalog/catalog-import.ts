import { Readable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import {
  catalogCsvColumns,
  catalogImportMaxErrors,
  catalogImportMaxRowKilobytes,
  type CatalogImportError,
  type CatalogImportReport,
  type CatalogImportRun,
} from '@threadline/contracts';
import { isUniqueViolation, type DatabaseHandle, type DbExecutor } from '../../db/database.ts';
import { badRequest, conflict, ShopError } from '../../errors.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StoredVariant, VariantBatches, VariantChange, VariantToAdd } from '../inventory/variant-batches.ts';
import { exportCatalogCsv } from './catalog-export.ts';
import {
  checkAcrossRows,
  isBlankRow,
  readHeader,
  readRow,
  type ImportedProduct,
  type ImportedRow,
  type RowKeys,
} from './catalog-import-rows.ts';
import type { CatalogImportRepository, ImportedProductColumns, StoredImportRun, StoredProduct } from './catalog-import.repository.ts';

export interface CatalogImportInput {
  file: Readable;
  fileName: string;
  dryRun: boolean;
  /** Who imports: the staff member of the upload call, or the command line's stand-in. */
  staff: StaffMember;
}

interface ReadFile {
  /** The rows whose every cell is good. */
  rows: ImportedRow[];
  /** What every data row names, as far as it could be read. */
  keys: RowKeys[];
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

interface Counts {
  created: number;
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

/**
 * Rows written in one transaction. On SQLite the whole process runs one statement at a time, so a
 * storefront call waits at most one batch (a few hundredths of a second); on PostgreSQL the variants
 * a batch changes stay locked only that long.
 */
const rowsPerBatch = 200;
const pauseMs = 5;
/** Rows parsed between turns given to other requests: a turn comes every few milliseconds. */
const rowsPerTurn = 200;
/**
 * Bytes handed to the parser at a time: it parses a whole chunk at once, and an upload already in
 * memory (or a fast network) hands over megabytes in one.
 */
const sliceBytes = 16 * 1024;

async function* inSlices(file: Readable): AsyncGenerator<Buffer> {
  for await (const chunk of file as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = 0; at < bytes.length; at += sliceBytes) yield bytes.subarray(at, at + sliceBytes);
  }
}
/** A run left 'writing' that moved for this long was stopped with its process (a batch takes well under a second). */
const staleRunMs = 2 * 60 * 1000;

/**
 * Reads the file as it arrives: every row is checked as it is parsed, and only good rows are kept.
 * A row longer than any catalogue row stops the reading there, whatever follows.
 */
async function readCsv(file: Readable): Promise<ReadFile> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    trim: true,
    skip_empty_lines: false,
    max_record_size: catalogImportMaxRowKilobytes * 1024,
  });
  const slices = Readable.from(inSlices(file), { objectMode: false });
  slices.on('error', (error) => parser.destroy(error));
  slices.pipe(parser);
  const rows: ImportedRow[] = [];
  const keys: RowKeys[] = [];
  const errors: CatalogImportError[] = [];
  let header: ReturnType<typeof readHeader> | null = null;
  let columnCount = 0;
  let rowNumber = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      // A file already in memory parses without ever waiting on the network: other requests get their turn here.
      if (rowNumber % rowsPerTurn === 0) await nextTurn();
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
      keys.push(read.keys);
      if (read.row) rows.push(read.row);
    }
  } catch (error) {
    slices.unpipe(parser);
    slices.destroy();
    file.resume();
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      throw new ShopError(
        413,
        // The parser runs ahead of the rows taken from it: the row it stopped in is the one after those it finished.
        `Row ${parser.info.records + 1} is longer than ${catalogImportMaxRowKilobytes} KB, more than any catalogue row; check it for a quote that is never closed.`,
      );
    }
    if (error instanceof CsvError) throw badRequest(`The file is not valid CSV: ${error.message}.`);
    throw error;
  }
  if (header === null) throw badRequest('The file is empty: its first row must name the columns.');
  return { rows, keys, errors: [...errors, ...checkAcrossRows(rows, keys)], rowCount: rowNumber - 1 };
}

/** Good rows in batches of about `rowsPerBatch`, each product's rows in one batch, products in the order the file names them. */
function productBatches(rows: ImportedRow[]): ImportedRow[][] {
  const bySlug = new Map<string, ImportedRow[]>();
  for (const row of rows) bySlug.set(row.product.slug, [...(bySlug.get(row.product.slug) ?? []), row]);
  const batches: ImportedRow[][] = [];
  let batch: ImportedRow[] = [];
  for (const productRows of bySlug.values()) {
    batch.push(...productRows);
    if (batch.length >= rowsPerBatch) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

const productsIn = (rows: ImportedRow[]) => new Set(rows.map((row) => row.product.slug)).size;

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

const columnOrder = (field: string) => catalogCsvColumns.indexOf(field as (typeof catalogCsvColumns)[number]);

/** Errors by row, then in the file's column order, at most the cap, the last entry counting the rest. */
function reportedErrors(errors: CatalogImportError[]): CatalogImportError[] {
  const sorted = [...errors].sort((a, b) => a.row - b.row || columnOrder(a.field) - columnOrder(b.field));
  if (sorted.length <= catalogImportMaxErrors) return sorted;
  const rest = sorted.length - catalogImportMaxErrors + 1;
  const listed = sorted.slice(0, catalogImportMaxErrors - 1);
  const firstUnlisted = sorted[catalogImportMaxErrors - 1];
  return [
    ...listed,
    {
      row: firstUnlisted?.row ?? 0,
      field: '',
      message: `${rest} more errors from this row on are not listed; fix these and check the file again.`,
    },
  ];
}

/** The upload's answer: the report of an import that ended, or the run of one still being written. */
export type CatalogImportAnswer = { report: CatalogImportReport } | { run: CatalogImportRun };

export interface CatalogImportDependencies {
  database: DatabaseHandle;
  repository: CatalogImportRepository;
  inventory: VariantBatches;
  audit: AuditService;
  /** Told after an import committed, so the storefront's caches drop what it changed. */
  catalogChanged?: () => Promise<void>;
}

/**
 * The catalogue import (docs/back-office.md "Catalogue import and export", ADR 19 and its amendment). The file is
 * read and every row checked against the other rows and the catalogue first; with any error nothing
 * is written. Then it is written in committed batches of whole products, each planned again in its
 * own transaction from the variants and products it changes, read locked, so an order placed
 * meanwhile is counted and never overwritten; other requests get their turn between batches.
 */
export function createCatalogImport({ database, repository, inventory, audit, catalogChanged }: CatalogImportDependencies) {
  /** Imports being written by this process, stopped between batches when it closes. */
  const writing = new Set<Promise<unknown>>();
  let closing = false;

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
    const result: ImportPlan = {
      errors,
      existingIds,
      create: [],
      update: [],
      addVariants: [],
      changeVariants: [],
      updated: 0,
      unchanged: 0,
    };
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
        errors.push({
          row,
          field: 'sku',
          message: `SKU ${variant.sku} belongs to the product ${otherProducts.get(stored.product_id) ?? `#${stored.product_id}`}.`,
        });
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
      if (productId !== undefined)
        toAdd.push({ productId, sku: variant.sku, size: variant.size, color: variant.color, stock: variant.stock ?? 0 });
    }
    await inventory.addImportedVariants(toAdd, trx);
    await inventory.changeVariants(work.changeVariants, trx);
  }

  /**
   * The catalogue's rules for rows as far as they were read, for rows with a bad cell (the plan
   * checks the good ones): the category exists, the SKU is not another product's.
   */
  async function catalogueErrors(keys: RowKeys[]): Promise<CatalogImportError[]> {
    const errors: CatalogImportError[] = [];
    if (keys.length === 0) return errors;
    const categories = await repository.categoryIds();
    for (let start = 0; start < keys.length; start += rowsPerBatch) {
      const slice = keys.slice(start, start + rowsPerBatch);
      const named = slice.filter((key) => key.sku !== null && key.slug !== null);
      const variants = new Map(
        (
          await inventory.variantsBySku(
            named.map((key) => key.sku ?? ''),
            false,
          )
        ).map((variant) => [variant.sku, variant]),
      );
      const owners = await repository.slugsOf([...new Set([...variants.values()].map((variant) => variant.product_id))]);
      for (const { row, category, slug, sku } of slice) {
        if (category !== null && !categories.has(category))
          errors.push({ row, field: 'category', message: `No category has the slug '${category}'.` });
        const variant = sku === null ? undefined : variants.get(sku);
        const owner = variant === undefined ? undefined : owners.get(variant.product_id);
        if (variant !== undefined && slug !== null && owner !== slug) {
          errors.push({ row, field: 'sku', message: `SKU ${sku} belongs to the product ${owner ?? `#${variant.product_id}`}.` });
        }
      }
      await nextTurn();
    }
    return errors;
  }

  /** Every rule over the whole file, reading the catalogue without locks; what the import would do. */
  async function check(read: ReadFile): Promise<{ errors: CatalogImportError[]; counts: Counts; batches: ImportedRow[][] }> {
    const good = new Set(read.rows.map((row) => row.row));
    const errors = [...read.errors, ...(await catalogueErrors(read.keys.filter((key) => !good.has(key.row))))];
    const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
    const batches = productBatches(read.rows);
    for (const batch of batches) {
      const work = await plan(batch, database.db, false);
      errors.push(...work.errors);
      counts.created += work.create.length;
      counts.updated += work.updated;
      counts.unchanged += work.unchanged;
      await nextTurn();
    }
    return { errors, counts, batches };
  }

  /** One batch planned again and written in its own transaction, or its errors when the catalogue changed since the check. */
  async function writeBatch(rows: ImportedRow[]): Promise<{ work: ImportPlan; written: boolean }> {
    const attempt = () =>
      database.writeTransaction(async (trx) => {
        const work = await plan(rows, trx, true);
        if (work.errors.length > 0) return { work, written: false };
        await write(work, trx);
        return { work, written: true };
      });
    try {
      return await attempt();
    } catch (error) {
      // Another import created some of these products or SKUs since this batch was planned; planned
      // again, the batch finds them and updates them as the file says.
      if (isUniqueViolation(error)) return attempt();
      throw error;
    }
  }

  interface Writing {
    batches: ImportedRow[][];
    fileName: string;
    rowCount: number;
    staff: StaffMember;
    runId: number | null;
  }

  /** Writes the batches in order; a batch that cannot be written stops the import there, and the report says what was written. */
  async function writeAll({ batches, fileName, rowCount, staff, runId }: Writing): Promise<CatalogImportReport> {
    const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
    let productsWritten = 0;
    let stop: CatalogImportError[] = [];
    for (const batch of batches) {
      // Products come in the order the file first names them, so this is the batch's first row.
      const firstRow = batch[0]?.row ?? 0;
      const notWritten = `Nothing from this product on was written; ${productsWritten.toLocaleString('en')} products before it were. Import the file again: what was written is left as it is.`;
      if (closing) {
        stop = [{ row: firstRow, field: '', message: `The shop was restarted while this file was imported. ${notWritten}` }];
        break;
      }
      let outcome: Awaited<ReturnType<typeof writeBatch>>;
      try {
        outcome = await writeBatch(batch);
      } catch (error) {
        if (productsWritten === 0 && runId === null) {
          if (isUniqueViolation(error)) {
            throw conflict(
              'Another change created some of these products or SKUs while this file was being imported; nothing was imported. Check the file again.',
            );
          }
          throw error;
        }
        stop = [{ row: firstRow, field: '', message: `The import stopped: the catalogue could not be written. ${notWritten}` }];
        break;
      }
      if (!outcome.written) {
        // The catalogue changed since the check (a category deleted, a SKU given to another product).
        stop = [
          ...outcome.work.errors,
          { row: firstRow, field: '', message: `The catalogue changed while this file was imported. ${notWritten}` },
        ];
        break;
      }
      counts.created += outcome.work.create.length;
      counts.updated += outcome.work.updated;
      counts.unchanged += outcome.work.unchanged;
      productsWritten += productsIn(batch);
      if (runId !== null) await repository.runProgress(runId, productsWritten);
      // A few milliseconds between batches: a storefront call of several queries runs them all, not one a batch.
      await sleep(pauseMs);
    }
    const report: CatalogImportReport = { dry_run: false, rows: rowCount, ...counts, errors: reportedErrors(stop) };
    if (productsWritten > 0 || stop.length === 0) {
      await audit.record(staff, {
        action: 'import',
        entity: 'product',
        entityId: 'csv',
        before: null,
        after: { file: fileName.slice(0, 200), rows: rowCount, ...counts, ...(stop.length > 0 ? { stopped: true } : {}) },
      });
    }
    if (runId !== null) await repository.finishRun(runId, stop.length === 0 ? 'done' : 'failed', productsWritten, JSON.stringify(report));
    if (counts.created + counts.updated > 0) await catalogChanged?.();
    return report;
  }

  /** Writes in the background of this process, stopped between batches when it closes. */
  function inBackground<T>(work: Promise<T>): Promise<T> {
    writing.add(work);
    void work.finally(() => writing.delete(work)).catch(() => undefined);
    return work;
  }

  const runAnswer = (run: StoredImportRun): CatalogImportRun => {
    const stale = run.status === 'writing' && Date.now() - Date.parse(run.updated_at) > staleRunMs;
    const report =
      run.report !== null
        ? (JSON.parse(run.report) as CatalogImportReport)
        : stale
          ? {
              dry_run: false,
              rows: run.rows,
              created: 0,
              updated: 0,
              unchanged: 0,
              errors: [
                {
                  row: 1,
                  field: '',
                  message: `The import stopped with the shop's process after ${run.products_written.toLocaleString('en')} of ${run.products.toLocaleString('en')} products. Import the file again: what was written is left as it is.`,
                },
              ],
            }
          : null;
    return {
      id: run.id,
      status: stale ? 'failed' : run.status,
      file_name: run.file_name,
      rows: run.rows,
      products: run.products,
      products_written: run.products_written,
      started_at: run.started_at,
      finished_at: run.finished_at,
      report,
    };
  };

  /**
   * Reads and checks the file; a dry run or a file with errors ends there. `answerWithinMs` is how
   * long the caller waits for the writing: past it the import goes on in this process and its run
   * is answered, to be polled (null waits to the end).
   */
  async function importFile(
    { file, fileName, dryRun, staff }: CatalogImportInput,
    answerWithinMs: number | null,
  ): Promise<CatalogImportAnswer> {
    const read = await readCsv(file);
    const checked = await check(read);
    if (dryRun || checked.errors.length > 0) {
      // All or nothing: with any error nothing is written, and the report counts nothing done.
      const counts = dryRun ? checked.counts : { created: 0, updated: 0, unchanged: 0 };
      return { report: { dry_run: dryRun, rows: read.rowCount, ...counts, errors: reportedErrors(checked.errors) } };
    }
    const products = checked.batches.reduce((sum, batch) => sum + productsIn(batch), 0);
    const toWrite = { batches: checked.batches, fileName, rowCount: read.rowCount, staff };
    if (answerWithinMs === null) return { report: await inBackground(writeAll({ ...toWrite, runId: null })) };
    const runId = await repository.startRun({ staff_id: staff.id, file_name: fileName.slice(0, 200), rows: read.rowCount, products });
    const written = inBackground(writeAll({ ...toWrite, runId }));
    const waited = new AbortController();
    const report = await Promise.race([written, sleep(answerWithinMs, null, { signal: waited.signal }).catch(() => null)]);
    waited.abort();
    if (report !== null) return { report };
    const run = await repository.findRun(runId);
    if (!run) throw new Error(`catalogue import run ${runId} was not kept`);
    return { run: runAnswer(run) };
  }

  return {
    /** Imports a file and answers its report once it is all written (the command line). */
    async importCsv(input: CatalogImportInput): Promise<CatalogImportReport> {
      const answer = await importFile(input, null);
      if ('run' in answer) throw new Error('an import without a run answered one');
      return answer.report;
    },

    /** Imports an uploaded file: its report if it ended within `answerWithinMs`, else its run, written on in the background. */
    importUpload: (input: CatalogImportInput, answerWithinMs: number) => importFile(input, answerWithinMs),

    async run(id: number): Promise<CatalogImportRun | null> {
      const run = await repository.findRun(id);
      return run ? runAnswer(run) : null;
    },

    /** Stops the imports being written between two batches, and waits for them to say so. */
    async close() {
      closing = true;
      await Promise.allSettled([...writing]);
    },

    /** The whole catalogue as CSV in the import's columns, streamed. */
    exportCsv: (): Readable => exportCatalogCsv(repository),
  };
}

export type CatalogImport = ReturnType<typeof createCatalogImport>;
