import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableOwners } from './table-owners.ts';

const sourceRoot = join(import.meta.dirname, '..');
const writeCall = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^,)]*)/g;
const tableName = /^['"`]([a-z_]+)(?:\s+as\s+\w+)?['"`]$/;

/** The module a source file belongs to: `modules/<area>`, or `plugins`. */
const ownerOf = (path: string) => (path.startsWith('modules/') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]);

/** Every write in the source that its file's module does not own, as `file: call(table)`. */
function foreignWrites(files: { path: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const { path, text } of files) {
    for (const [, call, argument = ''] of text.matchAll(writeCall)) {
      const table = tableName.exec(argument.trim())?.[1];
      const owner = table && table in tableOwners ? tableOwners[table as keyof typeof tableOwners] : undefined;
      // A table named by a variable cannot be checked, so it is refused like a foreign one.
      if (owner !== ownerOf(path)) problems.push(`${path}: ${call}(${argument.trim()}) belongs to ${owner ?? 'no known owner'}`);
    }
  }
  return problems;
}

function sourceFiles(directory: string): { path: string; text: string }[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { path: relative(sourceRoot, file).split('\\').join('/'), text: readFileSync(file, 'utf8') };
    });
}

describe('table ownership', () => {
  it('every write in a module or plugin is to a table that module owns', () => {
    const files = [...sourceFiles(join(sourceRoot, 'modules')), ...sourceFiles(join(sourceRoot, 'plugins'))];
    expect(files.length).toBeGreaterThan(20);
    expect(foreignWrites(files)).toEqual([]);
  });

  it.each([
    ['a write to its own table', 'modules/cart/cart.repository.ts', "db.deleteFrom('cart_items').where('cart_id', '=', id)", []],
    ['an aliased write to its own table', 'modules/cart/cart.repository.ts', "db.updateTable('carts as c').set({})", []],
    [
      "another module's table",
      'modules/orders/orders.repository.ts',
      "executor\n  .updateTable(\n    'product_variants'\n  ).set({})",
      ["modules/orders/orders.repository.ts: updateTable('product_variants') belongs to modules/inventory"],
    ],
    [
      "another module's table from a service",
      'modules/customers/wishlist.service.ts',
      "db.insertInto('promo_redemptions').values({})",
      ["modules/customers/wishlist.service.ts: insertInto('promo_redemptions') belongs to modules/promotions"],
    ],
    [
      'a table named by a variable',
      'modules/cart/cart.repository.ts',
      'db.deleteFrom(table)',
      ['modules/cart/cart.repository.ts: deleteFrom(table) belongs to no known owner'],
    ],
  ])('finds %s', (_name, path, text, problems) => {
    expect(foreignWrites([{ path, text }])).toEqual(problems);
  });
});
