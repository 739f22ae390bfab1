import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { catalogCsvColumns, type CatalogCsvColumn } from '@threadline/contracts';
import { spreadsheetCell } from '../../spreadsheet-cells.ts';
import { formatFeatures, formatMoney, formatSpecifications } from './catalog-import-rows.ts';
import type { CatalogImportRepository, ExportedProduct, ExportedVariant } from './catalog-import.repository.ts';

/** Products read per query: the export holds one page of them at a time, whatever the catalogue's size. */
const pageSize = 500;

const flag = (value: number) => (value === 1 ? 'yes' : 'no');

function parseList(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.map(String) : [];
}

function parseRecord(text: string): Record<string, string> {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]))
    : {};
}

/** A product's rows: one per variant, the product's columns on each (a product without variants gets one row without). */
function cellsOf(product: ExportedProduct, variants: ExportedVariant[]): Record<CatalogCsvColumn, string>[] {
  const productColumns = {
    slug: product.slug,
    name: product.name,
    description: product.description,
    category: product.category,
    price: formatMoney(product.price),
    sale_price: product.sale_price === null ? '' : formatMoney(product.sale_price),
    wholesale_price: product.wholesale_price === null ? '' : formatMoney(product.wholesale_price),
    status: product.status,
    is_new_arrival: flag(product.is_new_arrival),
    is_featured: flag(product.is_featured),
    features: formatFeatures(parseList(product.features)),
    specifications: formatSpecifications(parseRecord(product.specifications)),
  };
  if (variants.length === 0) return [{ ...productColumns, size: '', color: '', sku: '', stock: '' }];
  return variants.map((variant) => ({
    ...productColumns,
    size: variant.size ?? '',
    color: variant.color ?? '',
    sku: variant.sku,
    stock: String(variant.stock),
  }));
}

/** A product's rows as cells a spreadsheet opens as text: the import reads them back to the same values. */
const rowsOf = (product: ExportedProduct, variants: ExportedVariant[]) =>
  cellsOf(product, variants).map((row) =>
    Object.fromEntries(Object.entries(row).map(([column, value]) => [column, spreadsheetCell(value)])),
  );

/** Waits until the stream takes more rows, or is closed; never rejects, so no wait is left to fail unheard. */
function drainedOrClosed(stream: Readable & NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The catalogue as CSV in the import's columns, streamed a page of products at a time. It starts
 * with a UTF-8 byte order mark, which Excel needs to read accents and the import skips.
 */
export function exportCatalogCsv(repository: CatalogImportRepository): Readable {
  const csv = stringify({ header: true, columns: [...catalogCsvColumns], bom: true, record_delimiter: 'windows' });
  void (async () => {
    let afterId = 0;
    for (;;) {
      const { products, variants } = await repository.exportPage(afterId, pageSize);
      if (products.length === 0) break;
      const variantsOf = new Map<number, ExportedVariant[]>();
      for (const variant of variants) variantsOf.set(variant.product_id, [...(variantsOf.get(variant.product_id) ?? []), variant]);
      for (const product of products) {
        for (const row of rowsOf(product, variantsOf.get(product.id) ?? [])) {
          // A download the browser gave up closes the stream: stop reading the catalogue then.
          if (!csv.write(row)) await drainedOrClosed(csv);
          if (csv.destroyed) return;
        }
      }
      afterId = products.at(-1)?.id ?? afterId;
    }
    csv.end();
  })().catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
  return csv;
}
