import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { lowStockThreshold, type AdminProductSort, type AdminStockFilter, type ProductStatus } from '@threadline/contracts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { CategoryTable, ProductTable } from '../../db/tables.ts';
import { productSearch } from './product-search.ts';
import { withStorefrontFlag } from './product-status.ts';

export interface AdminProductFilter {
  searchWords?: string[];
  /** The product a search named by an exact SKU. */
  productId?: number;
  categoryIds?: number[];
  status?: ProductStatus;
  stock?: AdminStockFilter;
}

/** Every order ends with the id, so pages never overlap or skip. */
const orderings = {
  newest: sql`p.created_at desc, p.id desc`,
  oldest: sql`p.created_at asc, p.id asc`,
  name: sql`p.name asc, p.id asc`,
  price_low: sql`p.effective_price asc, p.id asc`,
  price_high: sql`p.effective_price desc, p.id desc`,
} as const satisfies Record<AdminProductSort, unknown>;

const productColumns = [
  'p.id', 'p.name', 'p.slug', 'p.description', 'p.status', 'p.price', 'p.sale_price', 'p.wholesale_price', 'p.is_new_arrival', 'p.is_featured',
  'p.features', 'p.specifications', 'p.category_id', 'c.name as category_name', 'c.slug as category_slug', 'p.created_at', 'p.updated_at',
] as const;

export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  status: ProductStatus;
  price: number;
  sale_price: number | null;
  wholesale_price: number | null;
  is_new_arrival: number;
  is_featured: number;
  features: string;
  specifications: string;
  category_id: number;
  category_name: string;
  category_slug: string;
  created_at: string;
  updated_at: string;
}

/** The columns a product is written with; `is_active` follows `status` (withStorefrontFlag). */
export type ProductValues = Omit<Insertable<ProductTable>, 'is_active' | 'units_sold'> & { status: ProductStatus };
export type ProductChanges = Omit<Updateable<ProductTable>, 'is_active' | 'units_sold' | 'id'>;

/** A product's changes as written: a change of status carries the storefront's flag with it. */
function productWrite({ status, ...changes }: ProductChanges): Updateable<ProductTable> {
  return status === undefined ? changes : withStorefrontFlag({ ...changes, status });
}

export interface AdminCategoryRow {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  image: string | null;
  product_count: number;
}

export function createCatalogAdminRepository(db: DbExecutor, dialect: DatabaseDialect) {
  const search = productSearch(db, dialect);

  const filtered = (filter: AdminProductFilter) =>
    db.selectFrom('products as p').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filter.categoryIds) conditions.push(filter.categoryIds.length > 0 ? eb('p.category_id', 'in', filter.categoryIds) : sql<SqlBool>`1 = 0`);
      if (filter.status) conditions.push(eb('p.status', '=', filter.status));
      if (filter.productId !== undefined) conditions.push(eb('p.id', '=', filter.productId));
      if (filter.searchWords?.length) conditions.push(search.matches(eb, filter.searchWords, 'all'));
      if (filter.stock) {
        // The ids come from product_variants_stock_idx alone. The unary plus keeps SQLite from
        // reading products by those ids and sorting them all: it walks the listing's order instead,
        // which meets a page of matches early, as they are many.
        let variants = eb.selectFrom('product_variants as lv').select('lv.product_id').where('lv.retired_at', 'is', null);
        variants = filter.stock === 'out' ? variants.where('lv.stock', '=', 0) : variants.where('lv.stock', '>', 0).where('lv.stock', '<=', lowStockThreshold);
        conditions.push(eb(sql<number>`+p.id`, 'in', variants));
      }
      return eb.and(conditions);
    });

  return {
    /**
     * One page of the list: its ids on the listing indexes first, then only those rows in full, put
     * back in the ids' order (joined in one query, SQLite walked the listing index again to sort).
     */
    async page(filter: AdminProductFilter, sort: AdminProductSort, limit: number, offset: number): Promise<AdminProductRow[]> {
      const ids = (await filtered(filter).select('p.id').orderBy(orderings[sort]).limit(limit).offset(offset).execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(productColumns)
        .where('p.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The product of a variant with exactly this SKU, retired or not. */
    async productWithSku(sku: string): Promise<number | undefined> {
      const row = await db.selectFrom('product_variants').select('product_id').where('sku', '=', sku).executeTakeFirst();
      return row?.product_id;
    },

    async count(filter: AdminProductFilter): Promise<number> {
      const row = await filtered(filter).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Per product: units in stock, and variants low and sold out, over the variants still sold. */
    async stockSummaries(productIds: number[]): Promise<Map<number, { stock: number; low: number; out: number }>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('product_variants')
        .select((eb) => [
          'product_id',
          eb.fn.sum<number | string>('stock').as('stock'),
          eb.fn.sum<number | string>(eb.case().when('stock', '=', 0).then(1).else(0).end()).as('out'),
          eb.fn.sum<number | string>(eb.case().when(eb.and([eb('stock', '>', 0), eb('stock', '<=', lowStockThreshold)])).then(1).else(0).end()).as('low'),
        ])
        .where('product_id', 'in', productIds)
        .where('retired_at', 'is', null)
        .groupBy('product_id')
        .execute();
      return new Map(rows.map((row) => [row.product_id, { stock: Number(row.stock), low: Number(row.low), out: Number(row.out) }]));
    },

    /** The first picture of each product. */
    async thumbnails(productIds: number[]): Promise<Map<number, string>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('product_images')
        .select(['product_id', 'path', 'position'])
        .where('product_id', 'in', productIds)
        .orderBy('product_id')
        .orderBy('position')
        .execute();
      const first = new Map<number, string>();
      for (const row of rows) if (!first.has(row.product_id)) first.set(row.product_id, row.path);
      return first;
    },

    findProduct(id: number, executor: DbExecutor = db): Promise<AdminProductRow | undefined> {
      return executor.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id').select(productColumns).where('p.id', '=', id).executeTakeFirst();
    },

    images(productId: number, executor: DbExecutor = db) {
      return executor
        .selectFrom('product_images')
        .select(['id', 'path', 'alt_text', 'width', 'height', 'color', 'position'])
        .where('product_id', '=', productId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async wasOrdered(productId: number, executor: DbExecutor = db): Promise<boolean> {
      const row = await executor.selectFrom('order_items').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async slugTaken(slug: string, exceptId: number | null, executor: DbExecutor = db): Promise<boolean> {
      let query = executor.selectFrom('products').select('id').where('slug', '=', slug);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Slugs starting with `base`, to pick the next free one. */
    async slugsLike(base: string, executor: DbExecutor = db): Promise<string[]> {
      const rows = await executor.selectFrom('products').select('slug').where('slug', 'like', `${base}%`).execute();
      return rows.map((row) => row.slug);
    },

    async insertProduct(values: ProductValues, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .insertInto('products')
        .values(withStorefrontFlag(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Writes a product's changes; with no changes it still stamps `updated_at`. On PostgreSQL the
     * update row-locks the product until the transaction ends, which is how variant changes of one
     * product take turns.
     */
    async updateProduct(id: number, changes: ProductChanges, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('products')
        .set(productWrite({ ...changes, updated_at: new Date().toISOString() }))
        .where('id', '=', id)
        .executeTakeFirst();
      return BigInt(result.numUpdatedRows) === 1n;
    },

    /** Deletes a product; its variants, pictures, cart lines and wishlist entries go with it (ON DELETE CASCADE). */
    async deleteProduct(id: number, executor: DbExecutor = db) {
      await executor.deleteFrom('products').where('id', '=', id).execute();
    },

    async categories(executor: DbExecutor = db): Promise<AdminCategoryRow[]> {
      const rows = await executor
        .selectFrom('categories as c')
        .select(['c.id', 'c.name', 'c.slug', 'c.parent_id', 'c.image', 'c.sort_order'])
        .select((eb) => eb.selectFrom('products as p').select((count) => count.fn.countAll<number | string>().as('n')).whereRef('p.category_id', '=', 'c.id').as('product_count'))
        .orderBy('c.sort_order')
        .orderBy('c.name')
        .orderBy('c.id')
        .execute();
      return rows.map(({ sort_order: _order, ...row }) => ({ ...row, product_count: Number(row.product_count ?? 0) }));
    },

    findCategory(id: number, executor: DbExecutor = db): Promise<Omit<AdminCategoryRow, 'product_count'> | undefined> {
      return executor.selectFrom('categories').select(['id', 'name', 'slug', 'parent_id', 'image']).where('id', '=', id).executeTakeFirst();
    },

    async categorySlugTaken(slug: string, exceptId: number | null, executor: DbExecutor = db): Promise<boolean> {
      let query = executor.selectFrom('categories').select('id').where('slug', '=', slug);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async categorySlugsLike(base: string, executor: DbExecutor = db): Promise<string[]> {
      const rows = await executor.selectFrom('categories').select('slug').where('slug', 'like', `${base}%`).execute();
      return rows.map((row) => row.slug);
    },

    async childCount(id: number, executor: DbExecutor = db): Promise<number> {
      const row = await executor.selectFrom('categories').select((eb) => eb.fn.countAll<number | string>().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async productCount(categoryId: number, executor: DbExecutor = db): Promise<number> {
      const row = await executor.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertCategory(values: Insertable<CategoryTable>, executor: DbExecutor = db): Promise<number> {
      const row = await executor.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCategory(id: number, changes: Updateable<CategoryTable>, executor: DbExecutor = db) {
      await executor.updateTable('categories').set(changes).where('id', '=', id).execute();
    },

    /**
     * Deletes a category only while no product is filed under it: the guard is in the statement, so
     * a product moved in meanwhile makes it delete nothing (false). PostgreSQL's foreign key from
     * products stops it too.
     */
    async deleteEmptyCategory(id: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .deleteFrom('categories')
        .where('id', '=', id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('products').select('id').where('category_id', '=', id))))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('categories as child').select('child.id').where('child.parent_id', '=', id))))
        .executeTakeFirst();
      return BigInt(result.numDeletedRows) === 1n;
    },
  };
}

export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
