import { sql, type CompiledQuery, type Expression, type SqlBool } from 'kysely';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { inBatches } from '../../db/statement-batches.ts';
import type { ImageRow, ProductRow } from './product-view.ts';
import { productSearch, type ProductScope, type SearchPart } from './product-search.ts';

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

/** How many products a filter lists, and per size, colour and price what choosing it would list. */
export interface ProductSummary {
  count: number;
  sizes: { value: string; count: number }[];
  colors: { value: string; count: number }[];
  price: { min: number; max: number } | null;
}

export type ProductWithStockRow = ProductRow & { stock: number };

export interface VariantRow {
  id: number;
  product_id: number;
  size: string | null;
  color: string | null;
  stock: number;
}

/** Products with ids in [from, to), or a search's matches given by id (in place of the search). */
type Slice = { from: number; to: number } | { ids: number[] };

/**
 * Products a count or facet reads at a time on SQLite, whose queries hold the process while they
 * run: at 100,000 products a facet over all of them took 150-220 ms in one query; both facets of a
 * slice of 2,500 product ids take up to about 6 ms, and other requests are served between slices.
 */
const productsPerSlice = 2500;
/** A search's matches a slice reads (about 5 ms for both facets at 100,000 products). */
const matchesPerSlice = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface FilterOptions {
  /**
   * Filters left out: a price facet ignores the price filter; a size or colour facet both variant
   * filters, as its own variant rows carry the other one's value.
   */
  ignore?: 'variants' | 'price';
  searchPart?: SearchPart;
  /**
   * Reads the search's matches by id instead of walking a listing index to meet them (see
   * ProductSearch.readMatchesById). Counts and facets read every match either way, so they always do.
   */
  readMatchesById?: boolean;
  /** Only the products of this slice. */
  slice?: Slice | undefined;
}

/** Every order ends with the id, so it is total and pages never overlap or skip. */
const orderings = {
  price_low: sql`p.effective_price asc, p.id asc`,
  price_high: sql`p.effective_price desc, p.id desc`,
  best_sellers: sql`p.units_sold desc, p.created_at desc, p.id desc`,
  newest: sql`p.created_at desc, p.id desc`,
} as const;
type Ordering = (typeof orderings)[keyof typeof orderings];

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

// Every order placed or paid runs it; it is compiled once (see preparedQuery).
const addProductSold = preparedQuery((db: DbExecutor, productId: number, quantity: number) =>
  db
    .updateTable('products')
    .set((eb) => ({ units_sold: eb('units_sold', '+', quantity) }))
    .where('id', '=', productId),
);

export function createCatalogRepository(db: DbExecutor, dialect: DatabaseDialect) {
  const search = productSearch(db, dialect);

  /**
   * A variant in stock with every given value: a size and a colour must be one variant, not two.
   * Read from the inventory module's option rows (product_option_stock: '' names no size or colour).
   */
  const hasVariantInStock = (eb: ProductScope, values: { size?: string | undefined; color?: string | undefined }) =>
    eb.exists(
      eb
        .selectFrom('product_option_stock as o')
        .select(sql`1`.as('one'))
        .whereRef('o.product_id', '=', 'p.id')
        .where('o.size', '=', values.size ?? '')
        .where('o.color', '=', values.color ?? '')
        .where('o.variants', '>', 0),
    );

  /** Active products matching the filter; `ignore` leaves filters out (a facet ignores its own). */
  const filtered = (filter: ProductFilter, { ignore, searchPart = 'all', readMatchesById = false, slice }: FilterOptions = {}) =>
    db
      .selectFrom('products as p')
      // A slice reads its products by id, as a search's few matches are read.
      .where(search.isActive(readMatchesById || slice !== undefined), '=', 1)
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [];
        if (slice && 'ids' in slice) conditions.push(search.isAmong(eb, slice.ids));
        if (slice && 'from' in slice) conditions.push(eb('p.id', '>=', slice.from), eb('p.id', '<', slice.to));
        if (filter.categoryIds) {
          // An unknown category matches nothing; `IN ()` is not valid SQL everywhere.
          conditions.push(
            filter.categoryIds.length > 0 ? eb('p.category_id', 'in', filter.categoryIds) : sql<SqlBool>`1 = 0`,
          );
        }
        if (filter.searchWords?.length && !(slice && 'ids' in slice)) conditions.push(search.matches(eb, filter.searchWords, searchPart));
        if ((filter.size || filter.color) && ignore !== 'variants') {
          conditions.push(hasVariantInStock(eb, { size: filter.size || undefined, color: filter.color || undefined }));
        }
        if (filter.minPrice !== undefined && ignore !== 'price') {
          conditions.push(eb('p.effective_price', '>=', filter.minPrice));
        }
        if (filter.maxPrice !== undefined && ignore !== 'price') {
          conditions.push(eb('p.effective_price', '<=', filter.maxPrice));
        }
        return eb.and(conditions);
      });

  /**
   * Products per value of one attribute, each counted by a variant in stock that also has the other
   * attribute's chosen value: the count is what choosing the value would list.
   */
  const variantFacet = async (filter: ProductFilter, column: 'size' | 'color') => {
    const other = column === 'size' ? 'color' : 'size';
    // One option row per product and value: the row of the value alone, or of it with the other's chosen value.
    const rows = await db
      .selectFrom('product_option_stock as o')
      .select([`o.${column} as value`, (eb) => eb.fn.countAll<number>().as('count')])
      .where(`o.${other}`, '=', filter[other] || '')
      .where(`o.${column}`, '!=', '')
      .where('o.variants', '>', 0)
      .where('o.product_id', 'in', filtered(filter, { ignore: 'variants', readMatchesById: Boolean(filter.searchWords?.length) }).select('p.id'))
      .groupBy(`o.${column}`)
      .execute();
    return rows.map((row) => ({ value: String(row.value), count: Number(row.count) }));
  };

  /**
   * One page in `ordering`. The page's ids are found first, on the listing indexes alone, and only
   * those rows are read in full: skipping rows of earlier pages then costs an index entry each.
   */
  const pageOf = (filter: ProductFilter, ordering: Ordering, limit: number, offset: number, options?: FilterOptions) => {
    const ids = filtered(filter, options).select('p.id').orderBy(ordering).limit(limit).offset(offset);
    return db
      .selectFrom(ids.as('page'))
      .innerJoin('products as p', 'p.id', 'page.id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(productColumns)
      .orderBy(ordering)
      .execute();
  };

  /**
   * Between the queries of a search's page on SQLite, a turn of the event loop: each one searches
   * again, and together they held the process 10-20 ms at 100,000 products.
   */
  const betweenQueries = dialect === 'sqlite' ? nextTurn : async () => {};

  /**
   * The slices a count and facets of the filter are read in on SQLite: a search's matches a few
   * thousand at a time (searched once), or every product a range of ids at a time.
   */
  const slicesOf = async (matchingIds: number[] | null): Promise<Slice[]> => {
    if (matchingIds) return [...inBatches(matchingIds, matchesPerSlice)].map((ids) => ({ ids }));
    const row = await db.selectFrom('products').select((eb) => eb.fn.max<number | null>('id').as('last')).executeTakeFirst();
    const slices: Slice[] = [];
    for (let from = 0; from <= Number(row?.last ?? 0); from += productsPerSlice) slices.push({ from, to: from + productsPerSlice });
    return slices;
  };

  /**
   * The option rows of both facets, each with its products: a size's with the chosen colour or ''
   * (size facet), a colour's with the chosen size or '' (colour facet). A product's rows lie
   * together in the index, so this reads each product once for both.
   */
  const bothFacets = (filter: ProductFilter, slice: Slice) =>
    db
      .selectFrom('product_option_stock as o')
      .select(['o.size', 'o.color', (eb) => eb.fn.countAll<number>().as('count')])
      .where((eb) =>
        eb.or([
          eb.and([eb('o.color', '=', filter.color || ''), eb('o.size', '!=', '')]),
          eb.and([eb('o.size', '=', filter.size || ''), eb('o.color', '!=', '')]),
        ]),
      )
      .where('o.variants', '>', 0)
      .where('o.product_id', 'in', filtered(filter, { ignore: 'variants', slice }).select('p.id'))
      .groupBy(['o.size', 'o.color'])
      .execute();

  const priceRange = (min: number | null | undefined, max: number | null | undefined) =>
    min === null || min === undefined || max === null || max === undefined ? null : { min: Number(min), max: Number(max) };

  /**
   * The lowest and highest price of the filter's products (ignoring its price filter), read from
   * the ends of the price index; but in a category, its own products are fewer than the price
   * index's walk to one of them (34 ms at 100,000 products for a small one), and the unary plus
   * keeps SQLite off that index.
   */
  const priceOf = async (filter: ProductFilter, readMatchesById: boolean) => {
    const price = filter.categoryIds ? sql<number>`+p.effective_price` : sql<number>`p.effective_price`;
    // Apart, min and max each read one end of the price index instead of every matching row.
    const [min, max] = await Promise.all([
      filtered(filter, { ignore: 'price', readMatchesById }).select((eb) => eb.fn.min<number | null>(price).as('value')).executeTakeFirst(),
      filtered(filter, { ignore: 'price', readMatchesById }).select((eb) => eb.fn.max<number | null>(price).as('value')).executeTakeFirst(),
    ]);
    return priceRange(min?.value, max?.value);
  };

  const countOf = async (filter: ProductFilter, options?: FilterOptions) => {
    const row = await filtered(filter, options)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  return {
    /**
     * Search relevance is every word in the name first, then the rest, each newest first. The name
     * matches are paged first and the rest only once a page reaches past them, so neither set is
     * ranked or sorted whole.
     */
    async listProducts(filter: ProductFilter, order: ProductOrder, limit: number, offset: number): Promise<ProductRow[]> {
      const words = filter.searchWords ?? [];
      if (words.length === 0) return pageOf(filter, orderings[order === 'relevance' ? 'newest' : order], limit, offset);
      if (order !== 'relevance') {
        const readMatchesById = await search.readMatchesById(words, 'all');
        await betweenQueries();
        return pageOf(filter, orderings[order], limit, offset, { readMatchesById });
      }
      const fewNamed = await search.readMatchesById(words, 'name');
      await betweenQueries();
      const named = await pageOf(filter, orderings.newest, limit, offset, { searchPart: 'name', readMatchesById: fewNamed });
      if (named.length === limit) return named;
      await betweenQueries();
      const namedTotal =
        named.length > 0 || offset === 0
          ? offset + named.length
          : await countOf(filter, { searchPart: 'name', readMatchesById: true });
      const readMatchesById = await search.readMatchesById(words, 'all');
      await betweenQueries();
      const rest = await pageOf(filter, orderings.newest, limit - named.length, Math.max(0, offset - namedTotal), { searchPart: 'rest', readMatchesById });
      return [...named, ...rest];
    },

    /**
     * How many products a filter lists and its facets. On SQLite they are read slice by slice with
     * a turn of the event loop between (see productsPerSlice), so no query holds the process long
     * however many products match.
     */
    async summary(filter: ProductFilter): Promise<ProductSummary> {
      const words = filter.searchWords ?? [];
      const matchingIds = words.length > 0 ? await search.matchingIds(words) : null;
      if (dialect !== 'sqlite') {
        const readMatchesById = words.length > 0 && (await search.readMatchesById(words, 'all'));
        const [count, sizes, colors, price] = await Promise.all([
          countOf(filter, { readMatchesById: words.length > 0 }),
          variantFacet(filter, 'size'),
          variantFacet(filter, 'color'),
          priceOf(filter, readMatchesById),
        ]);
        return { count, sizes, colors, price };
      }
      let count = 0;
      const sizes = new Map<string, number>();
      const colors = new Map<string, number>();
      let min: number | null = null;
      let max: number | null = null;
      const hasPriceFilter = filter.minPrice !== undefined || filter.maxPrice !== undefined;
      for (const slice of await slicesOf(matchingIds)) {
        // Also before the first: the search and the page's first queries ran in this turn.
        await nextTurn();
        // Both facets in one read of the slice's option rows (see bothFacets).
        for (const row of await bothFacets(filter, slice)) {
          if (row.color === (filter.color || '') && row.size !== '') sizes.set(row.size, (sizes.get(row.size) ?? 0) + Number(row.count));
          if (row.size === (filter.size || '') && row.color !== '') colors.set(row.color, (colors.get(row.color) ?? 0) + Number(row.count));
        }
        // A slice of matches is read by id, its prices with them; without a price filter the count
        // and the price range are of the same products, so one read gives both.
        const readPrice = matchingIds !== null;
        const counted = await filtered(filter, { slice })
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn.min<number | null>(readPrice && !hasPriceFilter ? sql<number>`+p.effective_price` : sql<number>`null`).as('min'),
            eb.fn.max<number | null>(readPrice && !hasPriceFilter ? sql<number>`+p.effective_price` : sql<number>`null`).as('max'),
          ])
          .executeTakeFirstOrThrow();
        count += Number(counted.count);
        const prices =
          readPrice && hasPriceFilter
            ? await filtered(filter, { ignore: 'price', slice })
                .select((eb) => [eb.fn.min<number | null>(sql<number>`+p.effective_price`).as('min'), eb.fn.max<number | null>(sql<number>`+p.effective_price`).as('max')])
                .executeTakeFirstOrThrow()
            : counted;
        if (prices.min !== null) min = min === null ? Number(prices.min) : Math.min(min, Number(prices.min));
        if (prices.max !== null) max = max === null ? Number(prices.max) : Math.max(max, Number(prices.max));
      }
      const listed = (counts: Map<string, number>) => [...counts].map(([value, valueCount]) => ({ value, count: valueCount }));
      return { count, sizes: listed(sizes), colors: listed(colors), price: matchingIds ? priceRange(min, max) : await priceOf(filter, false) };
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

    /**
     * The newest active products of some categories, without one product, each with its stock;
     * walks the category index.
     */
    async newestInCategories(categoryIds: number[], excludeId: number, limit: number): Promise<ProductWithStockRow[]> {
      if (categoryIds.length === 0) return [];
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(productColumns)
        .select((eb) =>
          eb
            .selectFrom('product_variants as v')
            .select((variants) => variants.fn.coalesce(variants.fn.sum<number>('v.stock'), sql.lit(0)).as('stock'))
            .whereRef('v.product_id', '=', 'p.id')
            .as('stock'),
        )
        .where('p.is_active', '=', 1)
        .where('p.id', '!=', excludeId)
        .where('p.category_id', 'in', categoryIds)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, stock: Number(row.stock ?? 0) }));
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
        .select(['product_id', 'path', 'alt_text', 'width', 'height', 'color'])
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

    /** The products among these that come in sizes or colours, which an add to the cart must name. */
    async withOptions(productIds: number[]): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('product_variants')
        .select('product_id')
        .distinct()
        .where('product_id', 'in', productIds)
        .where('retired_at', 'is', null)
        .where((eb) => eb.or([eb('size', 'is not', null), eb('color', 'is not', null)]))
        .execute();
      return new Set(rows.map((row) => row.product_id));
    },

    async variantsOf(productId: number): Promise<VariantRow[]> {
      return db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'size', 'color', 'stock'])
        .where('product_id', '=', productId)
        // A retired variant (removed after it was ordered) is no longer shown; it holds no stock.
        .where('retired_at', 'is', null)
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

    async addUnitsSold(productId: number, quantity: number, executor: DbExecutor = db) {
      await addProductSold.execute(executor, productId, quantity);
    },

    addUnitsSoldWrite: (productId: number, quantity: number, executor: DbExecutor = db): CompiledQuery => addProductSold.compiled(executor, productId, quantity),
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
