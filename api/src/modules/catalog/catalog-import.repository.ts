import type { CatalogImportRunStatus, ProductStatus } from '@threadline/contracts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { CatalogImportRunTable, ProductTable } from '../../db/tables.ts';
import { withStorefrontFlag } from './product-status.ts';
import { inBatches } from '../../db/statement-batches.ts';

/** The product columns an import writes and compares; money in cents, flags 0/1, lists as JSON text. */
export type ImportedProductColumns = Pick<
  ProductTable,
  | 'name'
  | 'description'
  | 'category_id'
  | 'price'
  | 'sale_price'
  | 'wholesale_price'
  | 'is_new_arrival'
  | 'is_featured'
  | 'features'
  | 'specifications'
> & { status: ProductStatus };

export type StoredProduct = ImportedProductColumns & { id: number; slug: string };

export interface ExportedProduct extends StoredProduct {
  category: string;
}

export type StoredImportRun = Omit<CatalogImportRunTable, 'id'> & { id: number };

export interface ExportedVariant {
  product_id: number;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
}

const insertBatch = 500;
const lookupBatch = 1000;

const storedColumns = [
  'p.id',
  'p.slug',
  'p.name',
  'p.description',
  'p.category_id',
  'p.price',
  'p.sale_price',
  'p.wholesale_price',
  'p.status',
  'p.is_new_arrival',
  'p.is_featured',
  'p.features',
  'p.specifications',
] as const;

/** Products by the thousand for the catalogue import and export: SQL only. */
export function createCatalogImportRepository(db: DbExecutor, dialect: DatabaseDialect) {
  return {
    async categoryIds(executor: DbExecutor = db): Promise<Map<string, number>> {
      const rows = await executor.selectFrom('categories').select(['id', 'slug']).execute();
      return new Map(rows.map((row) => [row.slug, row.id]));
    },

    /** The products with these slugs; `lock` row-locks them on PostgreSQL, in id order, until the transaction ends. */
    async bySlug(slugs: string[], lock: boolean, executor: DbExecutor = db): Promise<StoredProduct[]> {
      const found: StoredProduct[] = [];
      for (const batch of inBatches(slugs, lookupBatch)) {
        const query = executor.selectFrom('products as p').select(storedColumns).where('p.slug', 'in', batch).orderBy('p.id');
        found.push(...(await (lock && dialect === 'postgres' ? query.forUpdate() : query).execute()));
      }
      return found;
    },

    /** Slugs of products by id, to name the product a SKU already belongs to. */
    async slugsOf(ids: number[], executor: DbExecutor = db): Promise<Map<number, string>> {
      const slugs = new Map<number, string>();
      for (const batch of inBatches(ids, lookupBatch)) {
        for (const row of await executor.selectFrom('products').select(['id', 'slug']).where('id', 'in', batch).execute())
          slugs.set(row.id, row.slug);
      }
      return slugs;
    },

    /** Inserts the products in multi-row statements; answers each new product's id by its slug. */
    async insert(products: (ImportedProductColumns & { slug: string })[], executor: DbExecutor = db): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      const now = new Date().toISOString();
      for (const batch of inBatches(products, insertBatch)) {
        const rows = batch.map((product) => ({ ...withStorefrontFlag(product), slug: product.slug, created_at: now, updated_at: now }));
        for (const { id, slug } of await executor.insertInto('products').values(rows).returning(['id', 'slug']).execute())
          ids.set(slug, id);
      }
      return ids;
    },

    async update(id: number, columns: ImportedProductColumns, executor: DbExecutor = db) {
      await executor
        .updateTable('products')
        .set({ ...withStorefrontFlag(columns), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async startRun(
      run: Pick<CatalogImportRunTable, 'staff_id' | 'file_name' | 'rows' | 'products'>,
      executor: DbExecutor = db,
    ): Promise<number> {
      const now = new Date().toISOString();
      const { id } = await executor
        .insertInto('catalog_import_runs')
        .values({ ...run, status: 'writing', products_written: 0, report: null, started_at: now, updated_at: now, finished_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async runProgress(id: number, productsWritten: number, executor: DbExecutor = db) {
      await executor
        .updateTable('catalog_import_runs')
        .set({ products_written: productsWritten, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async finishRun(
      id: number,
      status: Exclude<CatalogImportRunStatus, 'writing'>,
      productsWritten: number,
      report: string,
      executor: DbExecutor = db,
    ) {
      const now = new Date().toISOString();
      await executor
        .updateTable('catalog_import_runs')
        .set({ status, products_written: productsWritten, report, updated_at: now, finished_at: now })
        .where('id', '=', id)
        .execute();
    },

    findRun: (id: number, executor: DbExecutor = db): Promise<StoredImportRun | undefined> =>
      executor.selectFrom('catalog_import_runs').selectAll().where('id', '=', id).executeTakeFirst(),

    /** One page of the export: products after `afterId` in id order, with their variants in the shop's order. */
    async exportPage(
      afterId: number,
      limit: number,
      executor: DbExecutor = db,
    ): Promise<{ products: ExportedProduct[]; variants: ExportedVariant[] }> {
      const products = await executor
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([...storedColumns, 'c.slug as category'])
        .where('p.id', '>', afterId)
        .orderBy('p.id')
        .limit(limit)
        .execute();
      if (products.length === 0) return { products, variants: [] };
      const variants = await executor
        .selectFrom('product_variants')
        .select(['product_id', 'sku', 'size', 'color', 'stock'])
        .where(
          'product_id',
          'in',
          products.map((product) => product.id),
        )
        // A retired variant is not sold: a file naming it would sell it again (see changeVariants).
        .where('retired_at', 'is', null)
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return { products, variants };
    },
  };
}

export type CatalogImportRepository = ReturnType<typeof createCatalogImportRepository>;
