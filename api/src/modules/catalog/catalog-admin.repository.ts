import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { AdminProductSort, AdminStockFilter, ProductStatus } from '@threadline/contracts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { CategoryTable, ProductTable } from '../../db/tables.ts';
import { fewMatchesLimit, productSearch } from './product-search.ts';
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
  'p.id',
  'p.name',
  'p.slug',
  'p.description',
  'p.status',
  'p.price',
  'p.sale_price',
  'p.wholesale_price',
  'p.is_new_arrival',
  'p.is_featured',
  'p.features',
  'p.specifications',
  'p.category_id',
  'c.name as category_name',
  'c.slug as category_slug',
  'p.created_at',
  'p.updated_at',
] as const;

/** A product of the list: its row with its stock row's figures (0 without one). */
export type AdminProductListRow = AdminProductRow & { stock: number; low_variants: number; out_variants: number };

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

/** The stock row's count each stock filter needs above 0; its partial index holds those products alone (migration 0020). */
const stockCounts = { low: 's.low_variants', out: 's.out_variants' } as const satisfies Record<AdminStockFilter, string>;
/** 0 written into the SQL: the planner takes a partial index only for the very condition it was made with, never for a parameter. */
const none = sql.lit(0);

export function createCatalogAdminRepository(db: DbExecutor, dialect: DatabaseDialect) {
  const search = productSearch(db, dialect);

  /**
   * The products the filter lets through. With `walkListing` the conditions are written so that
   * SQLite walks the sort's listing index and keeps the matches it meets, which stops after a page
   * when they are many (unary plus keeps it off the category index and the search's ids; the stock
   * row is looked up per product). Without it the planner reads the matches by their own indexes,
   * joining the stock rows from their partial index, which is best when they are few, and for counting.
   */
  const filtered = (filter: AdminProductFilter, walkListing: boolean) => {
    const { stock } = filter;
    const joinStock = stock !== undefined && !walkListing;
    return db
      .selectFrom('products as p')
      .$if(joinStock, (query) => query.innerJoin('product_stock as s', 's.product_id', 'p.id'))
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [];
        const category = walkListing ? sql<number>`+p.category_id` : eb.ref('p.category_id');
        if (filter.categoryIds)
          conditions.push(filter.categoryIds.length > 0 ? eb(category, 'in', filter.categoryIds) : sql<SqlBool>`1 = 0`);
        if (filter.status) conditions.push(eb('p.status', '=', filter.status));
        if (filter.productId !== undefined) conditions.push(eb('p.id', '=', filter.productId));
        if (filter.searchWords?.length) conditions.push(search.matches(eb, filter.searchWords, 'all', walkListing));
        if (stock !== undefined) {
          conditions.push(
            joinStock
              ? eb(sql.ref<number>(stockCounts[stock]), '>', none)
              : eb.exists(
                  eb
                    .selectFrom('product_stock as s')
                    .select('s.product_id')
                    .whereRef('s.product_id', '=', 'p.id')
                    .where(stockCounts[stock], '>', none),
                ),
          );
        }
        return eb.and(conditions);
      });
  };

  return {
    /**
     * One page of the list: its ids first, then only those rows in full with their stock rows, put
     * back in the ids' order (joined in one query, SQLite walked the listing index again to sort).
     * `matching` is what `count` answered: how the ids are best read depends on how many match.
     */
    async page(
      filter: AdminProductFilter,
      sort: AdminProductSort,
      limit: number,
      offset: number,
      matching: number,
    ): Promise<AdminProductListRow[]> {
      if (matching === 0) return [];
      const walkListing = dialect === 'sqlite' && matching > fewMatchesLimit;
      const ids = (await filtered(filter, walkListing).select('p.id').orderBy(orderings[sort]).limit(limit).offset(offset).execute()).map(
        (row) => row.id,
      );
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .leftJoin('product_stock as s', 's.product_id', 'p.id')
        .select(productColumns)
        .select((eb) => [
          eb.fn.coalesce('s.stock', eb.lit(0)).as('stock'),
          eb.fn.coalesce('s.low_variants', eb.lit(0)).as('low_variants'),
          eb.fn.coalesce('s.out_variants', eb.lit(0)).as('out_variants'),
        ])
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

    /** How many products match, counted up to `upTo` + 1: counting all of 100,000 took longer than the page. */
    async count(filter: AdminProductFilter, upTo: number): Promise<number> {
      const { stock, ...others } = filter;
      // A stock filter alone is counted on its partial index: every stock row has its product, and
      // looking each one up took 30 ms for 10,000 of them.
      const stockAlone = stock !== undefined && Object.values(others).every((value) => value === undefined);
      const matches = stockAlone
        ? db
            .selectFrom('product_stock as s')
            .where(stockCounts[stock], '>', none)
            .select(sql<number>`1`.as('one'))
            .limit(upTo + 1)
            .as('matches')
        : filtered(filter, false)
            .select(sql<number>`1`.as('one'))
            .limit(upTo + 1)
            .as('matches');
      const row = await db
        .selectFrom(matches)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
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
      return executor
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(productColumns)
        .where('p.id', '=', id)
        .executeTakeFirst();
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
      const row = await executor.insertInto('products').values(withStorefrontFlag(values)).returning('id').executeTakeFirstOrThrow();
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
        .select((eb) =>
          eb
            .selectFrom('products as p')
            .select((count) => count.fn.countAll<number | string>().as('n'))
            .whereRef('p.category_id', '=', 'c.id')
            .as('product_count'),
        )
        .orderBy('c.sort_order')
        .orderBy('c.name')
        .orderBy('c.id')
        .execute();
      return rows.map(({ sort_order: _order, ...row }) => ({ ...row, product_count: Number(row.product_count ?? 0) }));
    },

    /** Without the product counts `categories` adds, which read every product (20 ms at 100,000). */
    async childCategoryIds(parentId: number): Promise<number[]> {
      const rows = await db.selectFrom('categories').select('id').where('parent_id', '=', parentId).execute();
      return rows.map((row) => row.id);
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
      const row = await executor
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('parent_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async productCount(categoryId: number, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('category_id', '=', categoryId)
        .executeTakeFirstOrThrow();
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
