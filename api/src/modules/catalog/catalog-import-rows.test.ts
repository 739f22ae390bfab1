import { describe, expect, it } from 'vitest';
import { catalogCsvColumns } from '@threadline/contracts';
import { checkAcrossRows, parseMoney, readHeader, readRow, type ColumnIndex, type ImportedRow } from './catalog-import-rows.ts';

const header = [...catalogCsvColumns];
const columns = (readHeader(header) as { columns: ColumnIndex }).columns;
const good: Record<string, string> = {
  slug: 'island-tee',
  name: 'Island Tee',
  description: 'Soft cotton',
  category: 'tshirts',
  price: '2500',
  sale_price: '',
  wholesale_price: '1800',
  status: 'active',
  is_new_arrival: 'yes',
  is_featured: 'no',
  features: 'Cotton|Breathable',
  specifications: 'Material: Cotton|Fit: Regular',
  size: 'M',
  color: 'Black',
  sku: 'IT-M-BLK',
  stock: '10',
};
type Cells = Partial<Record<string, string>>;
const cells = (change: Cells = {}) => header.map((column) => ({ ...good, ...change })[column] ?? '');
const read = (change: Cells = {}) => readRow(2, cells(change), columns, header.length);

describe('readHeader', () => {
  it.each([{ cells: header }, { cells: [...header].reverse().map((name) => ` ${name.toUpperCase()} `) }])(
    'reads $cells.0 … in any order and case',
    ({ cells: names }) => {
      expect(readHeader(names)).toHaveProperty('columns');
    },
  );

  it.each([
    { cells: [...header, 'colour'], problem: 'unknown column colour' },
    { cells: header.filter((name) => name !== 'sku' && name !== 'price'), problem: 'missing columns price, sku' },
    { cells: [...header, 'sku'], problem: 'named twice: sku' },
  ])('refuses: $problem', ({ cells: names, problem }) => {
    expect(readHeader(names)).toEqual({ problem: expect.stringContaining(problem) });
  });
});

describe('parseMoney', () => {
  it.each([
    ['2500', 250_000],
    ['2500.5', 250_050],
    ['2500.05', 250_005],
    ['2,500.00', 250_000],
    ['J$1,234,567.89', 123_456_789],
    ['$ 15', 1500],
    ['0', 0],
    ['21474836.47', 2_147_483_647],
    ['21474836.48', null],
    ['abc', null],
    ['-5', null],
    ['1.234', null],
    ['25,00', null],
    ['1e3', null],
  ])('%s → %s cents', (text, cents) => expect(parseMoney(text)).toBe(cents));
});

describe('readRow', () => {
  it('reads a good row into cents, flags, lists and a variant', () => {
    expect(read().row).toEqual({
      row: 2,
      product: {
        slug: 'island-tee',
        name: 'Island Tee',
        description: 'Soft cotton',
        category: 'tshirts',
        price: 250_000,
        salePrice: null,
        wholesalePrice: 180_000,
        status: 'active',
        isNewArrival: true,
        isFeatured: false,
        features: ['Cotton', 'Breathable'],
        specifications: { Material: 'Cotton', Fit: 'Regular' },
      },
      variant: { sku: 'IT-M-BLK', size: 'M', color: 'Black', stock: 10 },
    });
  });

  it.each([
    { change: { status: '' }, expected: { product: { status: 'active' } } },
    { change: { is_new_arrival: 'TRUE', is_featured: 'Y' }, expected: { product: { isNewArrival: true, isFeatured: true } } },
    { change: { size: '', color: '', stock: '' }, expected: { variant: { size: null, color: null, stock: null } } },
    { change: { features: ' | Cotton ||', specifications: '' }, expected: { product: { features: ['Cotton'], specifications: {} } } },
    {
      change: { specifications: 'Care: Wash cold: 30 degrees' },
      expected: { product: { specifications: { Care: 'Wash cold: 30 degrees' } } },
    },
    {
      change: { features: 'Cotton \\| Linen|C:\\\\tees|A \\ B', specifications: 'Sizes: S\\|M|Care: Cold' },
      expected: { product: { features: ['Cotton | Linen', 'C:\\tees', 'A \\ B'], specifications: { Sizes: 'S|M', Care: 'Cold' } } },
    },
  ])('reads $change', ({ change, expected }) => {
    const result = read(change);
    expect(result.errors).toEqual([]);
    expect(result.row).toMatchObject(expected);
  });

  it.each([
    { change: { price: 'abc' }, field: 'price', message: "'abc' is not an amount" },
    { change: { price: '' }, field: 'price', message: 'Required.' },
    { change: { sale_price: '2500' }, field: 'sale_price', message: 'below the price' },
    { change: { wholesale_price: '-1' }, field: 'wholesale_price', message: 'not an amount' },
    { change: { slug: 'Island Tee' }, field: 'slug', message: 'Lower-case letters' },
    { change: { slug: '' }, field: 'slug', message: 'Required.' },
    { change: { name: 'x'.repeat(201) }, field: 'name', message: 'At most 200 characters.' },
    { change: { category: '' }, field: 'category', message: 'Required.' },
    { change: { status: 'sold' }, field: 'status', message: "'sold' is not one of draft, active, archived." },
    { change: { is_featured: 'maybe' }, field: 'is_featured', message: 'not yes or no' },
    { change: { specifications: 'Material' }, field: 'specifications', message: "'Material' is not 'Key: value'" },
    { change: { specifications: 'Fit: Slim|Fit: Regular' }, field: 'specifications', message: "'Fit' is named twice." },
    { change: { features: Array.from({ length: 31 }, (_, n) => `f${n}`).join('|') }, field: 'features', message: 'At most 30 features.' },
    { change: { sku: 'IT M' }, field: 'sku', message: 'Letters, digits' },
    { change: { sku: '' }, field: 'sku', message: 'Required.' },
    { change: { stock: '-1' }, field: 'stock', message: "'-1' is not a whole number" },
    { change: { stock: '2.5' }, field: 'stock', message: 'not a whole number' },
    { change: { stock: '1000001' }, field: 'stock', message: 'not a whole number' },
    { change: { size: 'x'.repeat(41) }, field: 'size', message: 'At most 40 characters.' },
    { change: { description: 'caf\uFFFD' }, field: 'description', message: 'CSV UTF-8' },
    { change: { name: 'a\u0000b' }, field: 'name', message: 'NUL' },
  ])('refuses $field: $message', ({ change, field, message }) => {
    const result = read(change);
    expect(result.row).toBeUndefined();
    expect(result.errors).toEqual([{ row: 2, field, message: expect.stringContaining(message) }]);
  });

  it('reports every bad cell of a row, not only the first', () => {
    const fields = read({ price: 'abc', status: 'sold', stock: 'x', sku: '' }).errors.map((error) => error.field);
    expect(fields).toEqual(['price', 'status', 'sku', 'stock']);
  });

  it('refuses a row with more or fewer cells than the header', () => {
    expect(readRow(7, [...cells(), 'extra'], columns, header.length).errors).toEqual([
      { row: 7, field: '', message: expect.stringContaining('17 cells where the header has 16') },
    ]);
  });
});

describe('checkAcrossRows', () => {
  const row = (number: number, change: Cells) => ({ ...(readRow(number, cells(change), columns, header.length).row as ImportedRow) });
  const keys = (number: number, change: Cells) => readRow(number, cells(change), columns, header.length).keys;

  it('accepts a product over several rows with different variants', () => {
    expect(
      checkAcrossRows([row(2, {}), row(3, { size: 'L', sku: 'IT-L-BLK' })], [keys(2, {}), keys(3, { size: 'L', sku: 'IT-L-BLK' })]),
    ).toEqual([]);
  });

  it.each([
    { second: { size: 'L', sku: 'IT-L-BLK', price: '2600' }, field: 'price', message: 'Differs from row 2' },
    { second: { size: 'L', sku: 'IT-L-BLK', features: 'Cotton' }, field: 'features', message: 'Differs from row 2' },
    { second: { slug: 'other-tee', sku: 'it-m-blk' }, field: 'sku', message: 'SKU it-m-blk is also on row 2.' },
    { second: { sku: 'IT-M-BLK-2', color: 'black' }, field: 'size', message: 'Row 2 already has this size and colour' },
  ])('refuses $field: $message', ({ second, field, message }) => {
    expect(checkAcrossRows([row(2, {}), row(3, second)], [keys(2, {}), keys(3, second)])).toEqual([
      { row: 3, field, message: expect.stringContaining(message) },
    ]);
  });
});
