import {
  catalogCsvColumns,
  parseMoneyText,
  productStatuses,
  type CatalogCsvColumn,
  type CatalogImportError,
  type ProductStatus,
} from '@threadline/contracts';
import { spreadsheetValue } from '../../spreadsheet-cells.ts';

/**
 * Reading the catalogue CSV (docs/back-office.md "Catalogue import and export"): the header, each row on its own,
 * then the rules across rows. Pure, so every rule has a table test; the database's rules (categories,
 * SKUs of other products) are the import service's.
 */

export interface ImportedProduct {
  slug: string;
  name: string;
  description: string;
  category: string;
  /** Cents, as the database keeps money. */
  price: number;
  salePrice: number | null;
  wholesalePrice: number | null;
  status: ProductStatus;
  isNewArrival: boolean;
  isFeatured: boolean;
  features: string[];
  specifications: Record<string, string>;
}

export interface ImportedVariant {
  sku: string;
  size: string | null;
  color: string | null;
  /** Null when the cell is empty: an existing variant keeps its stock, a new one starts at 0. */
  stock: number | null;
}

export interface ImportedRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  product: ImportedProduct;
  variant: ImportedVariant;
}

/**
 * What a row names, as far as those cells could be read (null where not), whatever its other cells:
 * enough to check it against the other rows and the catalogue, so one bad cell hides no other.
 */
export interface RowKeys {
  row: number;
  slug: string | null;
  category: string | null;
  sku: string | null;
  /** The variant's size and colour (each may be empty), null when either cell is bad. */
  options: { size: string | null; color: string | null } | null;
}

export type ColumnIndex = Record<CatalogCsvColumn, number>;

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const skuPattern = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const maxStock = 1_000_000;
const yes = new Set(['yes', 'y', 'true', '1']);
const no = new Set(['no', 'n', 'false', '0', '']);
const limits = {
  slug: 220,
  name: 200,
  description: 10_000,
  sku: 80,
  option: 40,
  feature: 200,
  features: 30,
  specKey: 100,
  specValue: 500,
  specs: 30,
};

/** The columns a header names, in its order, or why it cannot be read; names are matched without case. */
export function readHeader(cells: string[]): { columns: ColumnIndex } | { problem: string } {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const known = new Set<string>(catalogCsvColumns);
  const unknown = names.filter((name) => name !== '' && !known.has(name));
  const missing = catalogCsvColumns.filter((column) => !names.includes(column));
  const repeated = names.filter((name, at) => name !== '' && names.indexOf(name) !== at);
  const problems = [
    unknown.length > 0 ? `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}` : '',
    missing.length > 0 ? `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` : '',
    repeated.length > 0 ? `column${repeated.length > 1 ? 's' : ''} named twice: ${repeated.join(', ')}` : '',
  ].filter((problem) => problem !== '');
  if (problems.length > 0) {
    return { problem: `The first row must name the columns ${catalogCsvColumns.join(', ')} (in any order): ${problems.join('; ')}.` };
  }
  const columns = Object.fromEntries(catalogCsvColumns.map((column) => [column, names.indexOf(column)])) as ColumnIndex;
  return { columns };
}

/** A row whose every cell is empty: spreadsheets leave them below the data; they count as rows but say nothing. */
export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** Parses JMD in major units into cents: the back office's money fields read what they are typed the same way. */
export const parseMoney = parseMoneyText;

/** Cents as the CSV and the API write money: `1500`, `1500.5`. */
export const formatMoney = (cents: number) => String(cents / 100);

/**
 * A list cell's entries (features, specifications): separated by `|`, where `\|` is a `|` and `\\`
 * a `\` inside an entry; any other backslash is itself.
 */
export function parseFeatures(text: string): string[] {
  const entries: string[] = [];
  let entry = '';
  for (let at = 0; at < text.length; at += 1) {
    const character = text.charAt(at);
    const next = text.charAt(at + 1);
    if (character === '\\' && (next === '|' || next === '\\')) {
      entry += next;
      at += 1;
    } else if (character === '|') {
      entries.push(entry);
      entry = '';
    } else {
      entry += character;
    }
  }
  entries.push(entry);
  return entries.map((feature) => feature.trim()).filter((feature) => feature !== '');
}

/** An entry as a list cell writes it: its `|` and `\` escaped, so that `parseFeatures` reads it back whole. */
const listEntry = (text: string) => text.replace(/[\\|]/g, (character) => `\\${character}`);

export const formatFeatures = (features: string[]) => features.map(listEntry).join('|');
/**
 * Specifications as `Key: value` entries. The first `:` not written `\:` ends the key, so a key holding
 * `:` or `\` has them escaped (`\:`, `\\`) before the entry is escaped as a list entry.
 */
export const formatSpecifications = (specifications: Record<string, string>) =>
  Object.entries(specifications)
    .map(([key, value]) => listEntry(`${key.replace(/[\\:]/g, (character) => `\\${character}`)}: ${value}`))
    .join('|');

/** A specification entry's key and value, split at its first `:` not written `\:`; null without one. */
export function parseSpecification(entry: string): { key: string; value: string } | null {
  let key = '';
  for (let at = 0; at < entry.length; at += 1) {
    const character = entry.charAt(at);
    const next = entry.charAt(at + 1);
    if (character === '\\' && (next === ':' || next === '\\')) {
      key += next;
      at += 1;
    } else if (character === ':') {
      return { key: key.trim(), value: entry.slice(at + 1).trim() };
    } else {
      key += character;
    }
  }
  return null;
}

/**
 * Reads one data row. Every bad cell is reported, not just the first of the row; the row is given
 * back only when all its cells are good, and its keys whatever the other cells hold.
 */
export function readRow(
  row: number,
  cells: string[],
  columns: ColumnIndex,
  columnCount: number,
): { row?: ImportedRow; keys: RowKeys; errors: CatalogImportError[] } {
  const errors: CatalogImportError[] = [];
  const fail = (field: string, message: string) => {
    errors.push({ row, field, message });
    return null;
  };
  if (cells.length !== columnCount) {
    fail('', `This row has ${cells.length} cells where the header has ${columnCount}; check for a stray comma or an unclosed quote.`);
    return { errors, keys: { row, slug: null, category: null, sku: null, options: null } };
  }
  const unreadable = new Set<CatalogCsvColumn>();
  for (const column of catalogCsvColumns) {
    const value = cells[columns[column]] ?? '';
    if (value.includes('\u0000')) fail(column, 'Contains a NUL character.');
    else if (value.includes('\uFFFD')) fail(column, "Contains characters that are not UTF-8; in Excel save the file as 'CSV UTF-8'.");
    else continue;
    unreadable.add(column);
  }
  // A cell the export kept from running as a formula ('=…) holds the text after its apostrophe, spaces included.
  const cell = (column: CatalogCsvColumn) => (unreadable.has(column) ? '' : spreadsheetValue((cells[columns[column]] ?? '').trim()));

  const required = (column: CatalogCsvColumn, max: number) => {
    const value = cell(column);
    if (unreadable.has(column)) return null;
    if (value === '') return fail(column, 'Required.');
    if (value.length > max) return fail(column, `At most ${max} characters.`);
    return value;
  };
  const optionalText = (column: CatalogCsvColumn, max: number) => {
    const value = cell(column);
    if (value.length > max) return fail(column, `At most ${max} characters.`);
    return value === '' ? null : value;
  };
  const money = (column: CatalogCsvColumn, isRequired: boolean) => {
    const value = cell(column);
    if (value === '') return isRequired ? fail(column, 'Required.') : null;
    const cents = parseMoney(value);
    return cents ?? fail(column, `'${value}' is not an amount in JMD like 1500 or 1500.50.`);
  };
  const flag = (column: CatalogCsvColumn) => {
    const value = cell(column).toLowerCase();
    if (unreadable.has(column)) return false;
    if (yes.has(value)) return true;
    if (no.has(value)) return false;
    fail(column, `'${cell(column)}' is not yes or no.`);
    return false;
  };

  const slugText = required('slug', limits.slug);
  const slug =
    slugText !== null && !slugPattern.test(slugText)
      ? fail('slug', 'Lower-case letters, digits and single hyphens only, like classic-runner.')
      : slugText;
  const name = required('name', limits.name);
  const description = optionalText('description', limits.description) ?? '';
  const category = required('category', limits.slug);
  const price = money('price', true);
  const salePrice = money('sale_price', false);
  const wholesalePrice = money('wholesale_price', false);
  if (price !== null && salePrice !== null && salePrice >= price) fail('sale_price', 'The sale price must be below the price.');
  const statusText = cell('status').toLowerCase() || 'active';
  const status = unreadable.has('status')
    ? null
    : (productStatuses.find((known) => known === statusText) ??
      fail('status', `'${cell('status')}' is not one of ${productStatuses.join(', ')}.`));
  const isNewArrival = flag('is_new_arrival');
  const isFeatured = flag('is_featured');

  const features = parseFeatures(cell('features'));
  if (features.length > limits.features) fail('features', `At most ${limits.features} features.`);
  const longFeature = features.find((feature) => feature.length > limits.feature);
  if (longFeature !== undefined) fail('features', `Each feature has at most ${limits.feature} characters.`);

  const specifications: Record<string, string> = {};
  const specParts = parseFeatures(cell('specifications'));
  if (specParts.length > limits.specs) fail('specifications', `At most ${limits.specs} specifications.`);
  for (const part of specParts) {
    const { key, value } = parseSpecification(part) ?? { key: '', value: '' };
    if (key === '' || value === '') {
      fail('specifications', `'${part}' is not 'Key: value' (separate specifications with |).`);
    } else if (key.length > limits.specKey || value.length > limits.specValue) {
      fail('specifications', `A key has at most ${limits.specKey} characters and a value at most ${limits.specValue}.`);
    } else if (Object.hasOwn(specifications, key)) {
      fail('specifications', `'${key}' is named twice.`);
    } else {
      specifications[key] = value;
    }
  }

  const size = optionalText('size', limits.option);
  const color = optionalText('color', limits.option);
  const skuText = required('sku', limits.sku);
  const sku =
    skuText !== null && !skuPattern.test(skuText)
      ? fail('sku', 'Letters, digits and . _ / - only, starting with a letter or digit.')
      : skuText;
  const stockText = cell('stock');
  let stock: number | null = null;
  if (stockText !== '') {
    stock = /^\d{1,7}$/.test(stockText) ? Number(stockText) : null;
    if (stock === null || stock > maxStock)
      fail('stock', `'${stockText}' is not a whole number from 0 to ${maxStock.toLocaleString('en')}.`);
  }

  const optionsRead = !errors.some((error) => error.field === 'size' || error.field === 'color');
  const keys: RowKeys = { row, slug, category, sku, options: optionsRead ? { size, color } : null };
  if (errors.length > 0 || slug === null || name === null || category === null || price === null || status === null || sku === null) {
    return { errors, keys };
  }
  return {
    errors,
    keys,
    row: {
      row,
      product: {
        slug,
        name,
        description,
        category,
        price,
        salePrice,
        wholesalePrice,
        status,
        isNewArrival,
        isFeatured,
        features,
        specifications,
      },
      variant: { sku, size, color, stock },
    },
  };
}

const productColumn: Record<Exclude<keyof ImportedProduct, 'slug'>, CatalogCsvColumn> = {
  name: 'name',
  description: 'description',
  category: 'category',
  price: 'price',
  salePrice: 'sale_price',
  wholesalePrice: 'wholesale_price',
  status: 'status',
  isNewArrival: 'is_new_arrival',
  isFeatured: 'is_featured',
  features: 'features',
  specifications: 'specifications',
};

/**
 * The rules across rows: a product's rows agree on its columns (of rows read whole), and of every
 * row as far as it was read, a SKU is on one row and a product's options differ.
 */
export function checkAcrossRows(rows: ImportedRow[], keys: RowKeys[]): CatalogImportError[] {
  const errors: CatalogImportError[] = [];
  const firstOfProduct = new Map<string, ImportedRow>();
  for (const current of rows) {
    const { product, row } = current;
    const first = firstOfProduct.get(product.slug);
    if (first === undefined) {
      firstOfProduct.set(product.slug, current);
      continue;
    }
    for (const [key, column] of Object.entries(productColumn) as [keyof typeof productColumn, CatalogCsvColumn][]) {
      if (JSON.stringify(product[key]) !== JSON.stringify(first.product[key])) {
        errors.push({
          row,
          field: column,
          message: `Differs from row ${first.row}, the first row of ${product.slug}: a product's rows repeat its columns.`,
        });
      }
    }
  }
  const rowOfSku = new Map<string, number>();
  const rowOfOptions = new Map<string, number>();
  for (const { row, slug, sku, options } of keys) {
    if (sku !== null) {
      const skuRow = rowOfSku.get(sku.toLowerCase());
      if (skuRow === undefined) rowOfSku.set(sku.toLowerCase(), row);
      else errors.push({ row, field: 'sku', message: `SKU ${sku} is also on row ${skuRow}.` });
    }
    if (slug !== null && options !== null) {
      const optionsKey = JSON.stringify([slug, options.size?.toLowerCase() ?? null, options.color?.toLowerCase() ?? null]);
      const optionsRow = rowOfOptions.get(optionsKey);
      if (optionsRow === undefined) rowOfOptions.set(optionsKey, row);
      else errors.push({ row, field: 'size', message: `Row ${optionsRow} already has this size and colour of ${slug}.` });
    }
  }
  return errors;
}
