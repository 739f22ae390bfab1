import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { ImageRow, ProductRow } from './product-view.ts';
import { ftsNameQuery, ftsQuery, tsQuery } from './search-terms.ts';

export type ProductOrder = 'newest' | 'price_low' | 'price_high' | 'best_sellers' | 'relevance';

export interface ProductFilter {
  categoryIds?: number[];
  searchWords?: string[];
  size?: string;
  color?: string;
  minPrice?: number;
  maxPrice?: number;
}

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  image: string | null;
  product_count: number;
}

export interface VariantRow {
  id: number;
  product_id: number;
  size: string | null;
  color: string | null;
  stock: number;
}

type ProductScope = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

const productColumns = [
  'p.id',
  'p.name',
  'p.description',
  'p.price',
  'p.sale_price',
  'p.wholesale_price',
  'p.is_new_arrival',
  'p.is_featured',
  'p.features',
  'p.specifications',
  'c.slug as category_slug',
  'c.name as category_name',
] as const;

export function createCatalogRepository(db: DbExecutor, dialect: DatabaseDialect) {
  const matchesSearch = (eb: ProductScope, words: string[]): Expression<SqlBool> =>
    dialect === 'postgres'
      ? sql<SqlBool>`p.search_vector @@ to_tsquery('simple', ${tsQuery(words)})`
      : eb('p.id', 'in', sql<number>`(SELECT rowid FROM products_fts WHERE products_fts MATCH ${ftsQuery(words)})`);

  const nameRank = (words: string[]) =>
    dialect === 'postgres'
      ? sql<number>`CASE WHEN p.name_vector @@ to_tsquery('simple', ${tsQuery(words)}) THEN 0 ELSE 1 END`
      : sql<number>`CASE WHEN p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${ftsNameQuery(words)}) THEN 0 ELSE 1 END`;

  const hasVariantInStock = (eb: ProductScope, column: 'size' | 'color', value: string) =>
    eb.exists(
      eb
        .selectFrom('product_variants as v')
        .select(sql`1`.as('one'))
        .whereRef('v.product_id', '=', 'p.id')
        .where(`v.${column}`, '=', value)
        .where('v.stock', '>', 0),
    );

  /** Active products matching the filter; `ignore` leaves one filter out (a facet ignores its own). */
  const filtered = (filter: ProductFilter, ignore?: 'size' | 'color' | 'price') =>
    db
      .selectFrom('products as p')
      .where('p.is_active', '=', 1)
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [];
        if (filter.categoryIds) {
          // An unknown category matches nothing; `IN ()` is not valid SQL everywhere.
          conditions.push(
            filter.categoryIds.length > 0 ? eb('p.category_id', 'in', filter.categoryIds) : sql<SqlBool>`1 = 0`,
          );
        }
        if (filter.searchWords?.length) conditions.push(matchesSearch(eb, filter.searchWords));
        if (filter.size && ignore !== 'size') conditions.push(hasVariantInStock(eb, 'size', filter.size));
        if (filter.color && ignore !== 'color') conditions.push(hasVariantInStock(eb, 'color', filter.color));
        if (filter.minPrice !== undefined && ignore !== 'price') {
          conditions.push(eb('p.effective_price', '>=', filter.minPrice));
        }
        if (filter.maxPrice !== undefined && ignore !== 'price') {
          conditions.push(eb('p.effective_price', '<=', filter.maxPrice));
        }
        return eb.and(conditions);
      });

  const variantFacet = async (filter: ProductFilter, column: 'size' | 'color') => {
    const rows = await db
      .selectFrom('product_variants as v')
      .select([`v.${column} as value`, (eb) => eb.fn.count<number>('v.product_id').distinct().as('count')])
      .where(`v.${column}`, 'is not', null)
      .where('v.stock', '>', 0)
      .where('v.product_id', 'in', filtered(filter, column).select('p.id'))
      .groupBy(`v.${column}`)
      .execute();
    return rows.map((row) => ({ value: String(row.value), count: Number(row.count) }));
  };

  return {
    async listProducts(filter: ProductFilter, order: ProductOrder, limit: number, offset: number): Promise<ProductRow[]> {
      let query = filtered(filter).innerJoin('categories as c', 'c.id', 'p.category_id').select(productColumns);
      switch (order) {
        case 'price_low':
          query = query.orderBy('p.effective_price', 'asc').orderBy('p.id', 'asc');
          break;
        case 'price_high':
          query = query.orderBy('p.effective_price', 'desc').orderBy('p.id', 'desc');
          break;
        case 'best_sellers':
          query = query.orderBy('p.units_sold', 'desc').orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
          break;
        case 'relevance':
          query = query
            .orderBy(nameRank(filter.searchWords ?? []))
            .orderBy('p.created_at', 'desc')
            .orderBy('p.id', 'desc');
          break;
        case 'newest':
          query = query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
          break;
      }
      return query.limit(limit).offset(offset).execute();
    },

    async countProducts(filter: ProductFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async facets(filter: ProductFilter) {
      const [sizes, colors, price] = await Promise.all([
        variantFacet(filter, 'size'),
        variantFacet(filter, 'color'),
        filtered(filter, 'price')
          .select((eb) => [eb.fn.min<number>('p.effective_price').as('min'), eb.fn.max<number>('p.effective_price').as('max')])
          .executeTakeFirst(),
      ]);
      const priceRange =
        price?.min === null || price?.min === undefined || price.max === null
          ? null
          : { min: Number(price.min), max: Number(price.max) };
      return { sizes, colors, price: priceRange };
    },

    async findProduct(id: number): Promise<(ProductRow & { category_id: number; parent_category_id: number | null }) | undefined> {
      return db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select([...productColumns, 'p.category_id', 'c.parent_id as parent_category_id'])
        .where('p.id', '=', id)
        .where('p.is_active', '=', 1)
        .executeTakeFirst();
    },

    /** The newest active products of some categories, without one product; walks the category index. */
    async newestInCategories(categoryIds: number[], excludeId: number, limit: number): Promise<ProductRow[]> {
      if (categoryIds.length === 0) return [];
      return db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(productColumns)
        .where('p.is_active', '=', 1)
        .where('p.id', '!=', excludeId)
        .where('p.category_id', 'in', categoryIds)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    async productsByIds(ids: number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(productColumns)
        .where('p.id', 'in', ids)
        .where('p.is_active', '=', 1)
        .execute();
    },

    async featuredProducts(limit: number): Promise<ProductRow[]> {
      return db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(productColumns)
        .where('p.is_active', '=', 1)
        .where('p.is_featured', '=', 1)
        .orderBy('p.units_sold', 'desc')
        .orderBy('p.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    async imagesFor(productIds: number[]): Promise<ImageRow[]> {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('product_images')
        .select(['product_id', 'path', 'alt_text', 'width', 'height'])
        .where('product_id', 'in', productIds)
        .orderBy('product_id')
        .orderBy('position')
        .execute();
    },

    async stockFor(productIds: number[]): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('product_variants')
        .select(['product_id', (eb) => eb.fn.sum<number>('stock').as('stock')])
        .where('product_id', 'in', productIds)
        .groupBy('product_id')
        .execute();
      return new Map(rows.map((row) => [row.product_id, Number(row.stock)]));
    },

    async variantsOf(productId: number): Promise<VariantRow[]> {
      return db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'size', 'color', 'stock'])
        .where('product_id', '=', productId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async sitemapEntries(): Promise<{ id: number; updated_at: string }[]> {
      return db
        .selectFrom('products')
        .select(['id', 'updated_at'])
        .where('is_active', '=', 1)
        .orderBy('id')
        .limit(45_000)
        .execute();
    },

    /** Every category with the number of active products in it (not counting its children). */
    async categories(): Promise<CategoryRow[]> {
      const rows = await db
        .selectFrom('categories as c')
        .leftJoin('products as p', (join) => join.onRef('p.category_id', '=', 'c.id').on('p.is_active', '=', 1))
        .select([
          'c.id',
          'c.name',
          'c.slug',
          'c.parent_id',
          'c.image',
          (eb) => eb.fn.count<number>('p.id').as('product_count'),
        ])
        .groupBy(['c.id', 'c.name', 'c.slug', 'c.parent_id', 'c.image', 'c.sort_order'])
        .orderBy('c.sort_order')
        .orderBy('c.name')
        .execute();
      return rows.map((row) => ({ ...row, product_count: Number(row.product_count) }));
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
