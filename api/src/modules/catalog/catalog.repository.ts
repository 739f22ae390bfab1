import { sql, type CompiledQuery, type Expression, type SqlBool } from 'kysely';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { inBatches } from '../../db/statement-batches.ts';
import type { ImageRow, ProductRatings, ProductRow } from './product-view.ts';
import { fewMatchesLimit, productSearch, type ProductScope, type SearchPart } from './product-search.ts';
import { createSummaryCounter, type SummaryCounts, type SummaryGroup } from './summary-groups.ts';

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
export type ProductSummary = SummaryCounts;

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

/** Which matches of a search a page reads. */
type SearchParts = (part: SearchPart) => Promise<FilterOptions>;

/**
 * Products a summary reads at a time on SQLite, whose queries hold the process while they run: a
 * slice of ids reads each product's index entry and stock row in turn (about 5 ms for 5,000 at
 * 100,000 products), and other requests are served between slices.
 */
const productsPerSlice = 5000;
/** A search's matches a slice reads, each looked up by id (about 1 µs a match at 100,000 products). */
const matchesPerSlice = 2500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface FilterOptions {
  /** A summary's products: the size, colour and price filters left out, as it reads each product's options and price. */
  summary?: boolean;
  searchPart?: SearchPart;
  /** A search's matches by id (ProductSearch.matchingIds), in place of the search and its part. */
  among?: number[];
  /**
   * Reads the search's matches by id instead of walking a listing index to meet them (see
   * ProductSearch.readMatchesById). Counts and facets read every match either way, so they always do.
   */
  readMatchesById?: boolean;
  /** Only the products with ids in [from, to) (a summary's slice). */
  range?: { from: number; to: number };
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

// Every order placed or paid runs it.
const addProductSold = (db: DbExecutor, productId: number, quantity: number) =>
  db
    .updateTable('products')
    .set((eb) => ({ units_sold: eb('units_sold', '+', quantity) }))
    .where('id', '=', productId);

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

  /** The filter's price bounds, if any. */
  const priceConditions = (eb: ProductScope, filter: ProductFilter): Expression<SqlBool>[] => [
    ...(filter.minPrice === undefined ? [] : [eb('p.effective_price', '>=', filter.minPrice)]),
    ...(filter.maxPrice === undefined ? [] : [eb('p.effective_price', '<=', filter.maxPrice)]),
  ];

  /**
   * What a summary reads of each product on SQLite: the state, price and category from an index
   * by id (migration 0025), a few dozen bytes a product where its row is hundreds; SQLite's planner
   * reads the row by id whenever it can, so the index is named.
   */
  const summaryProducts = sql<
    Database['products']
  >`(SELECT id, is_active, category_id, effective_price FROM products INDEXED BY products_summary_idx)`;

  /** Active products matching the filter; a summary's leaves out the size, colour and price filters. */
  const filtered = (
    filter: ProductFilter,
    { summary = false, searchPart = 'all', among, readMatchesById = false, range }: FilterOptions = {},
  ) => {
    const fromSummaryIndex = summary && dialect === 'sqlite';
    return (
      db
        .selectFrom((fromSummaryIndex ? summaryProducts : sql<Database['products']>`products`).as('p'))
        // Matches read by id keep the planner off the listing indexes; the summary's index leads with is_active itself.
        .where(search.isActive(readMatchesById && !fromSummaryIndex), '=', 1)
        .where((eb) => {
          const conditions: Expression<SqlBool>[] = [];
          if (among) conditions.push(search.isAmong(eb, among, !readMatchesById));
          if (range) conditions.push(eb('p.id', '>=', range.from), eb('p.id', '<', range.to));
          if (filter.categoryIds) {
            // An unknown category matches nothing; `IN ()` is not valid SQL everywhere.
            conditions.push(filter.categoryIds.length > 0 ? eb('p.category_id', 'in', filter.categoryIds) : sql<SqlBool>`1 = 0`);
          }
          if (filter.searchWords?.length && !among) conditions.push(search.matches(eb, filter.searchWords, searchPart));
          if (summary) return eb.and(conditions);
          if (filter.size || filter.color) {
            conditions.push(hasVariantInStock(eb, { size: filter.size || undefined, color: filter.color || undefined }));
          }
          conditions.push(...priceConditions(eb, filter));
          return eb.and(conditions);
        })
    );
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

  /** Between the queries of a search's page on SQLite, a turn of the event loop. */
  const betweenQueries = dialect === 'sqlite' ? nextTurn : async () => {};

  /**
   * The slices a count and facets of the filter are read in on SQLite: a search's matches a few
   * thousand at a time (searched once), or every product a range of ids at a time.
   */
  const slicesOf = async (matchingIds: number[] | null): Promise<Slice[]> => {
    if (matchingIds) return [...inBatches(matchingIds, matchesPerSlice)].map((ids) => ({ ids }));
    const row = await db
      .selectFrom('products')
      .select((eb) => eb.fn.max<number | null>('id').as('last'))
      .executeTakeFirst();
    const slices: Slice[] = [];
    for (let from = 0; from <= Number(row?.last ?? 0); from += productsPerSlice) slices.push({ from, to: from + productsPerSlice });
    return slices;
  };

  /**
   * A summary's products (of one slice on SQLite) grouped by their in-stock options (the stock
   * row's, ADR 0031) and whether the price filter lists them, with how many and their lowest and
   * highest price: a row per product read, and a few groups handed back (see summary-groups.ts).
   */
  const summaryGroups = async (filter: ProductFilter, options: FilterOptions): Promise<SummaryGroup[]> => {
    const price = sql<number>`p.effective_price`;
    const rows = await filtered(filter, { ...options, summary: true })
      .leftJoin('product_stock as s', 's.product_id', 'p.id')
      .select((eb) => {
        const priceFilter = priceConditions(eb, filter);
        return [
          sql<string>`coalesce(s.in_stock_options, '[]')`.as('options'),
          (priceFilter.length === 0 ? sql<number>`1` : sql<number>`CASE WHEN ${eb.and(priceFilter)} THEN 1 ELSE 0 END`).as('priced'),
          eb.fn.countAll<number>().as('count'),
          eb.fn.min<number | null>(price).as('min'),
          eb.fn.max<number | null>(price).as('max'),
        ];
      })
      // By position: PostgreSQL does not take an expression with bound values as the selected one.
      .groupBy([sql`1`, sql`2`])
      .execute();
    return rows.map((row) => ({
      options: row.options,
      priced: Number(row.priced) === 1,
      count: Number(row.count),
      min: row.min === null ? null : Number(row.min),
      max: row.max === null ? null : Number(row.max),
    }));
  };

  const matchingIdsOf = async (filter: ProductFilter) => (filter.searchWords?.length ? search.matchingIds(filter.searchWords) : null);

  /** A search's parts read by the search itself, by id when they are few (see ProductSearch.readMatchesById). */
  const searchParts =
    (words: string[]): SearchParts =>
    async (part) => {
      const readMatchesById = await search.readMatchesById(words, part === 'name' ? 'name' : 'all');
      await betweenQueries();
      return { searchPart: part, readMatchesById };
    };

  /**
   * A search's parts read among its matches by id: the name matches are searched for once when a
   * page needs them, and the rest are the other matches. Each part is read by id when few.
   */
  const partsAmong = (words: string[], matchingIds: number[]): SearchParts => {
    let named: Promise<number[]> | undefined;
    const namedIds = () => (named ??= search.matchingIds(words, 'name').then((ids) => ids ?? []));
    return async (part) => {
      let ids = matchingIds;
      if (part === 'name') ids = await namedIds();
      if (part === 'rest') {
        const inName = new Set(await namedIds());
        ids = matchingIds.filter((id) => !inName.has(id));
      }
      await betweenQueries();
      return { among: ids, readMatchesById: ids.length <= fewMatchesLimit };
    };
  };

  const countOf = async (filter: ProductFilter, options?: FilterOptions) => {
    const row = await filtered(filter, options)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  return {
    /** A search's matches by id on SQLite, read once for a listing's page and its summary (see ProductSearch.matchingIds); null otherwise. */
    matchingIds: matchingIdsOf,

    /**
     * Search relevance is every word in the name first, then the rest, each newest first. The name
     * matches are paged first and the rest only once a page reaches past them, so neither set is
     * ranked or sorted whole. `matchingIds` (SQLite) stand in for the search: it is not run again.
     */
    async listProducts(
      filter: ProductFilter,
      order: ProductOrder,
      limit: number,
      offset: number,
      matchingIds: number[] | null = null,
    ): Promise<ProductRow[]> {
      const words = filter.searchWords ?? [];
      if (words.length === 0) return pageOf(filter, orderings[order === 'relevance' ? 'newest' : order], limit, offset);
      const part = matchingIds ? partsAmong(words, matchingIds) : searchParts(words);
      if (order !== 'relevance') return pageOf(filter, orderings[order], limit, offset, await part('all'));
      const named = await pageOf(filter, orderings.newest, limit, offset, await part('name'));
      if (named.length === limit) return named;
      await betweenQueries();
      const namedTotal =
        named.length > 0 || offset === 0
          ? offset + named.length
          : await countOf(filter, { ...(await part('name')), readMatchesById: true });
      const rest = await pageOf(filter, orderings.newest, limit - named.length, Math.max(0, offset - namedTotal), await part('rest'));
      return [...named, ...rest];
    },

    /**
     * How many products a filter lists and its facets, from its products grouped by their in-stock
     * options (see summaryGroups). On SQLite they are read slice by slice with a turn of the event
     * loop between (see productsPerSlice), so no query holds the process long however many
     * products match; PostgreSQL's queries never hold the process, so it reads them in one.
     */
    async summary(filter: ProductFilter, matchingIds: number[] | null = null): Promise<ProductSummary> {
      const counter = createSummaryCounter(filter);
      if (dialect !== 'sqlite') {
        for (const group of await summaryGroups(filter, {})) counter.add(group);
        return counter.counts();
      }
      for (const slice of await slicesOf(matchingIds ?? (await matchingIdsOf(filter)))) {
        // Also before the first: the search and the page's first queries ran in this turn.
        await nextTurn();
        for (const group of await summaryGroups(filter, 'ids' in slice ? { among: slice.ids, readMatchesById: true } : { range: slice }))
          counter.add(group);
      }
      return counter.counts();
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

    /** Approved reviews of these products counted by fit, with their stars summed (the reviews module writes them). */
    async ratingsFor(productIds: number[]): Promise<Map<number, ProductRatings>> {
      const ratings = new Map<number, ProductRatings>();
      if (productIds.length === 0) return ratings;
      const rows = await db
        .selectFrom('reviews')
        .select([
          'product_id',
          'fit',
          (eb) => eb.fn.countAll<number | string>().as('count'),
          (eb) => eb.fn.sum<number | string>('rating').as('stars'),
        ])
        .where('product_id', 'in', productIds)
        .where('status', '=', 'approved')
        .groupBy(['product_id', 'fit'])
        .execute();
      for (const row of rows) {
        const rating = ratings.get(row.product_id) ?? { count: 0, stars: 0, fit: { small: 0, true_to_size: 0, large: 0 } };
        rating.count += Number(row.count);
        rating.stars += Number(row.stars);
        rating.fit[row.fit] += Number(row.count);
        ratings.set(row.product_id, rating);
      }
      return ratings;
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
      return (
        db
          .selectFrom('product_variants')
          .select(['id', 'product_id', 'size', 'color', 'stock'])
          .where('product_id', '=', productId)
          // A retired variant (removed after it was ordered) is no longer shown; it holds no stock.
          .where('retired_at', 'is', null)
          .orderBy('position')
          .orderBy('id')
          .execute()
      );
    },

    async sitemapEntries(): Promise<{ id: number; updated_at: string }[]> {
      return db.selectFrom('products').select(['id', 'updated_at']).where('is_active', '=', 1).orderBy('id').limit(45_000).execute();
    },

    /**
     * Every category with the number of active products in it (not counting its children). On
     * SQLite each category is counted apart, with a turn of the event loop between: counted in one
     * query, 100,000 products held the process about 20 ms.
     */
    async categories(): Promise<CategoryRow[]> {
      const categories = db
        .selectFrom('categories as c')
        .select(['c.id', 'c.name', 'c.slug', 'c.parent_id', 'c.image'])
        .orderBy('c.sort_order')
        .orderBy('c.name');
      if (dialect === 'sqlite') {
        const rows: CategoryRow[] = [];
        for (const row of await categories.execute()) {
          await nextTurn();
          rows.push({ ...row, product_count: await countOf({ categoryIds: [row.id] }) });
        }
        return rows;
      }
      const rows = await categories
        .leftJoin('products as p', (join) => join.onRef('p.category_id', '=', 'c.id').on('p.is_active', '=', 1))
        .select((eb) => eb.fn.count<number>('p.id').as('product_count'))
        .groupBy(['c.id', 'c.name', 'c.slug', 'c.parent_id', 'c.image', 'c.sort_order'])
        .execute();
      return rows.map((row) => ({ ...row, product_count: Number(row.product_count) }));
    },

    async addUnitsSold(productId: number, quantity: number, executor: DbExecutor = db) {
      await addProductSold(executor, productId, quantity).execute();
    },

    addUnitsSoldWrite: (productId: number, quantity: number, executor: DbExecutor = db): CompiledQuery =>
      addProductSold(executor, productId, quantity).compile(),
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
