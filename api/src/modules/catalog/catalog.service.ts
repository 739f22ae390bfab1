import {
  categoriesResponseSchema,
  homeResponseSchema,
  majorToMinor,
  serverMessages,
  minorToMajor,
  productDetailResponseSchema,
  relatedProductsLimit,
  shopResponseSchema,
  shopPageSize,
  type AvailableVariants,
  type CategoriesResponse,
  type Category,
  type HomeResponse,
  type Product,
  type ProductDetailResponse,
  type ShopFacets,
  type ShopQuery,
  type ShopResponse,
} from '@threadline/contracts';
import type { CompiledQuery } from 'kysely';
import type { DbExecutor } from '../../db/database.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { CatalogRepository, CategoryRow, ProductFilter, ProductWithStockRow, VariantRow } from './catalog.repository.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { publicAnswer, type PublicAnswer } from '../../http-caching.ts';
import { escapeHtml } from '../../markup-text.ts';
import { createTaggedCache, type Tagged } from '../../tagged-cache.ts';
import { createTtlCache } from '../../ttl-cache.ts';
import { compareSizes, listedProductView, productView, type ImageRow, type ProductRatings, type ProductRow } from './product-view.ts';
import { searchWords } from './search-terms.ts';

const featuredLimit = 8;
/** Related products are chosen among this many of the newest in the family, so the query stays small. */
const relatedCandidates = 24;
/** Category counts and facets may lag the catalogue by this much; they are read on every listing. */
const categoryCacheMs = 30_000;
/** Result counts and facets of a filter are reused this long; the product list itself never is. */
const summaryCacheMs = 30_000;
const summaryCacheSize = 500;
/**
 * Public answers (listings, product pages, the home page's, the category tree) are kept until a
 * change names what they were made from, and at most this long for what no change names (the
 * best-sellers order after each order, a product newly matching a filter).
 */
const answerCacheMs = 10_000;
const answerCacheSize = 2_500;
/** Listings filtered by size or colour list only products with such a variant in stock: any stock change may change them. */
const inStockFilterTag = 'in-stock-filter';
const productTag = (id: number) => `product:${id}`;

interface ResultSummary {
  count: number;
  facets: ShopFacets;
}

interface CategoryTree {
  /** Parents each followed by their children, as a filter select lists them. */
  ordered: Category[];
  topLevel: Category[];
  rows: CategoryRow[];
}

function buildCategoryTree(rows: CategoryRow[], urls: MediaUrls): CategoryTree {
  const childrenOf = (id: number) => rows.filter((row) => row.parent_id === id);
  const slugOf = new Map(rows.map((row) => [row.id, row.slug]));
  const view = (row: CategoryRow): Category => {
    const children = childrenOf(row.id);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: urls.categoryImage(row.image),
      product_count: row.product_count + children.reduce((sum, child) => sum + child.product_count, 0),
      parent: row.parent_id === null ? null : (slugOf.get(row.parent_id) ?? null),
      children: children.map((child) => ({ name: child.name, slug: child.slug })),
    };
  };
  const topLevel = rows.filter((row) => row.parent_id === null);
  return {
    rows,
    topLevel: topLevel.map(view),
    ordered: topLevel.flatMap((row) => [view(row), ...childrenOf(row.id).map(view)]),
  };
}

function availableVariants(variants: VariantRow[]): AvailableVariants {
  const options = (column: 'size' | 'color') => {
    const byValue = new Map<string, { id: number; value: string; name: string; stock: number }>();
    for (const variant of variants) {
      const value = variant[column];
      if (value === null) continue;
      const option = byValue.get(value);
      if (option) {
        option.stock += variant.stock;
        option.id = Math.min(option.id, variant.id);
      } else {
        byValue.set(value, { id: variant.id, value, name: value, stock: variant.stock });
      }
    }
    const list = [...byValue.values()];
    return column === 'size' ? list.sort((a, b) => compareSizes(a.value, b.value)) : list;
  };
  const result: AvailableVariants = {};
  const sizes = options('size');
  const colors = options('color');
  if (sizes.length > 0) result.Size = sizes;
  if (colors.length > 0) result.Color = colors;
  return result;
}

/** Units sold as one quantity per product, in product order. */
function soldPerProduct(sold: readonly { productId: number; quantity: number }[]): [number, number][] {
  const perProduct = new Map<number, number>();
  for (const { productId, quantity } of sold) perProduct.set(productId, (perProduct.get(productId) ?? 0) + quantity);
  return [...perProduct].sort(([a], [b]) => a - b);
}

function pageUrl(query: ShopQuery, page: number): string {
  const params = new URLSearchParams();
  params.set('page', String(page));
  for (const key of ['category', 'sort', 'search', 'size', 'color', 'min_price', 'max_price'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/shop/?${params.toString()}`;
}

export function createCatalogService(repository: CatalogRepository, urls: MediaUrls) {
  const summaryCache = createTtlCache<string, Promise<ResultSummary>>({ ttlMs: summaryCacheMs, maxEntries: summaryCacheSize });
  const answers = createTaggedCache<PublicAnswer>({ ttlMs: answerCacheMs, maxEntries: answerCacheSize });
  // One tree, the whole catalogue's.
  const categoryCache = createTtlCache<'all', Promise<CategoryTree>>({ ttlMs: categoryCacheMs, maxEntries: 1 });

  const tagsOfStockChange = (productIds: readonly number[]): string[] => [...productIds.map(productTag), inStockFilterTag];

  function categoryTree(): Promise<CategoryTree> {
    return categoryCache.get('all', () => repository.categories().then((rows) => buildCategoryTree(rows, urls)));
  }

  /** Product rows with their pictures and stock, read in two queries whatever the number of rows, in a view of them. */
  async function withImagesAndStock<View>(
    rows: ProductRow[],
    view: (row: ProductRow, images: ImageRow[], stock: number, urls: MediaUrls, ratings?: ProductRatings) => View,
  ): Promise<View[]> {
    const ids = rows.map((row) => row.id);
    const [images, stock, ratings] = await Promise.all([repository.imagesFor(ids), repository.stockFor(ids), repository.ratingsFor(ids)]);
    return rows.map((row) =>
      view(
        row,
        images.filter((image) => image.product_id === row.id),
        stock.get(row.id) ?? 0,
        urls,
        ratings.get(row.id),
      ),
    );
  }

  /** In stock first, then the product's own category before its siblings, then newest (the given order). */
  function pickRelated(candidates: ProductWithStockRow[]): ProductWithStockRow[] {
    return candidates
      .map((candidate, order) => ({ candidate, order, inStock: candidate.stock > 0 }))
      .sort((a, b) => Number(b.inStock) - Number(a.inStock) || a.order - b.order)
      .slice(0, relatedProductsLimit)
      .map(({ candidate }) => candidate);
  }

  /** The count and facets of a filter, shared by every page of it for a short while. */
  function summaryFor(filter: ProductFilter, matchingIds: number[] | null): Promise<ResultSummary> {
    return summaryCache.get(JSON.stringify(filter), () =>
      repository.summary(filter, matchingIds).then(({ count, ...raw }) => ({
        count,
        facets: {
          sizes: raw.sizes.sort((a, b) => compareSizes(a.value, b.value)),
          colors: raw.colors.sort((a, b) => a.value.localeCompare(b.value)),
          price: raw.price && { min: minorToMajor(raw.price.min), max: minorToMajor(raw.price.max) },
        },
      })),
    );
  }

  async function listing(query: ShopQuery): Promise<ShopResponse> {
    if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
      throw badRequest('The minimum price must not be above the maximum price.');
    }
    const tree = await categoryTree();
    const filter: ProductFilter = {};
    if (query.category) {
      const category = tree.rows.find((row) => row.slug === query.category);
      filter.categoryIds = category ? [category.id, ...tree.rows.filter((row) => row.parent_id === category.id).map((row) => row.id)] : [];
    }
    const words = query.search ? searchWords(query.search) : [];
    if (words.length > 0) filter.searchWords = words;
    if (query.size) filter.size = query.size;
    if (query.color) filter.color = query.color;
    if (query.min_price !== undefined) filter.minPrice = majorToMinor(query.min_price);
    if (query.max_price !== undefined) filter.maxPrice = majorToMinor(query.max_price);

    const order = query.sort ?? (words.length > 0 ? 'relevance' : 'newest');
    const offset = (query.page - 1) * shopPageSize;
    // A search's matches, where the database gives them by id, are read once for the page and the summary.
    const matchingIds = await repository.matchingIds(filter);
    const [{ count, facets }, rows] = await Promise.all([
      summaryFor(filter, matchingIds),
      repository.listProducts(filter, order, shopPageSize, offset, matchingIds),
    ]);
    if (query.page > 1 && rows.length === 0) throw notFound('Invalid page.');
    return {
      count,
      next: rows.length === shopPageSize && offset + shopPageSize < count ? pageUrl(query, query.page + 1) : null,
      previous: query.page > 1 ? pageUrl(query, query.page - 1) : null,
      results: { products: await withImagesAndStock(rows, listedProductView), categories: tree.ordered },
      facets,
    };
  }

  /** An answer checked against its schema and kept encoded, so a hit is written as it is, without encoding or measuring it again. */
  function encoded<Answer>(schema: { parse(answer: Answer): Answer }, answer: Answer, tags: string[]): Tagged<PublicAnswer> {
    return { value: publicAnswer(Buffer.from(JSON.stringify(schema.parse(answer)))), tags };
  }

  async function buildProductDetail(id: number): Promise<ProductDetailResponse> {
    const row = await repository.findProduct(id);
    if (!row) throw notFound(serverMessages.productNotFound);
    const familyRoot = row.parent_category_id ?? row.category_id;
    const { rows } = await categoryTree();
    const family = rows
      .filter((category) => (category.id === familyRoot || category.parent_id === familyRoot) && category.id !== row.category_id)
      .map((category) => category.id);
    const [variants, sameCategory, sameFamily] = await Promise.all([
      repository.variantsOf(row.id),
      repository.newestInCategories([row.category_id], row.id, relatedCandidates),
      repository.newestInCategories(family, row.id, relatedCandidates),
    ]);
    const related = pickRelated([...sameCategory, ...sameFamily]);
    // Stock comes with the variants and the candidates, so images and ratings are the only further queries.
    const shownIds = [row.id, ...related.map((candidate) => candidate.id)];
    const [images, ratings] = await Promise.all([repository.imagesFor(shownIds), repository.ratingsFor(shownIds)]);
    const imagesOf = (productId: number) => images.filter((image) => image.product_id === productId);
    return {
      product: productView(
        row,
        imagesOf(row.id),
        variants.reduce((sum, variant) => sum + variant.stock, 0),
        urls,
        ratings.get(row.id),
      ),
      related_products: related.map((candidate) =>
        listedProductView(candidate, imagesOf(candidate.id), candidate.stock, urls, ratings.get(candidate.id)),
      ),
      available_variants: availableVariants(variants),
      variants: variants.map(({ id: variantId, size, color, stock }) => ({ id: variantId, size, color, stock })),
    };
  }

  return {
    home(): Promise<PublicAnswer> {
      return answers.get('home', async () => {
        const [featured, tree] = await Promise.all([repository.featuredProducts(featuredLimit), categoryTree()]);
        const answer: HomeResponse = {
          featured_products: await withImagesAndStock(featured, listedProductView),
          categories: tree.topLevel,
        };
        return encoded(
          homeResponseSchema,
          answer,
          featured.map((row) => productTag(row.id)),
        );
      });
    },

    categories(): Promise<PublicAnswer> {
      return answers.get('categories', async () => {
        const tree = await categoryTree();
        const answer: CategoriesResponse = { categories: tree.ordered, hierarchical_categories: tree.topLevel };
        return encoded(categoriesResponseSchema, answer, []);
      });
    },

    /** One page of a listing; the count and facets of its filter may lag by `summaryCacheMs`. */
    shop(query: ShopQuery): Promise<PublicAnswer> {
      return answers.get(`shop:${JSON.stringify(query)}`, async () => {
        const answer = await listing(query);
        const tags = answer.results.products.map((product) => productTag(product.id));
        if (query.size || query.color) tags.push(inStockFilterTag);
        return encoded(shopResponseSchema, answer, tags);
      });
    },

    /** Active products in the order of the ids given (missing or retired ones left out). */
    /** The products among these that need a size or colour chosen before they go in the cart. */
    productsWithOptions(ids: number[]): Promise<Set<number>> {
      return repository.withOptions(ids);
    },

    async productsByIds(ids: number[]): Promise<Product[]> {
      const rows = await repository.productsByIds(ids);
      const products = await withImagesAndStock(rows, productView);
      return ids.flatMap((id) => products.filter((product) => product.id === id));
    },

    /** sitemap.xml: the public pages, every category and every active product. */
    async sitemap(origin: string): Promise<string> {
      const [products, tree] = await Promise.all([repository.sitemapEntries(), categoryTree()]);
      const url = (path: string, lastModified?: string) =>
        `  <url><loc>${escapeHtml(origin + path)}</loc>${lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : ''}</url>`;
      const lines = [
        ...['/', '/shop', '/categories', '/contact', '/legal'].map((path) => url(path)),
        ...tree.ordered.map((category) => url(`/shop/category/${encodeURIComponent(category.slug)}`)),
        ...products.map((product) => url(`/product/${product.id}`, product.updated_at)),
      ];
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
    },

    /** The product page answer; it shows its related products' stock too, so their changes drop it as well. */
    productDetail(idText: string): Promise<PublicAnswer> {
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : Number.NaN;
      if (Number.isNaN(id)) return Promise.reject(notFound(serverMessages.productNotFound));
      return answers.get(productTag(id), async () => {
        const answer = await buildProductDetail(id);
        const shown = [answer.product, ...answer.related_products];
        return encoded(
          productDetailResponseSchema,
          answer,
          shown.map((product) => productTag(product.id)),
        );
      });
    },

    /**
     * Adds units to the products' sold counts (best-seller ranking), in product order: on PostgreSQL each update row-locks its product, and one order for
     * all transactions keeps two of them from deadlocking.
     */
    async countSold(sold: { productId: number; quantity: number }[], trx: DbExecutor) {
      for (const [productId, quantity] of soldPerProduct(sold)) await repository.addUnitsSold(productId, quantity, trx);
    },

    /** `countSold` as statements, for a transaction's last writes (a checkout's). */
    countSoldWrites: (sold: { productId: number; quantity: number }[], trx: DbExecutor): CompiledQuery[] =>
      soldPerProduct(sold).map(([productId, quantity]) => repository.addUnitsSoldWrite(productId, quantity, trx)),

    /** The tags of the answers a stock change of these products makes stale, for caches of what was made from them (pages). */
    tagsOfStockChange,

    /**
     * Drops the answers that show these products' stock, after an order, a cancellation or an
     * adjustment in any process; counts and facets keep their `summaryCacheMs` (they are costly to
     * count again, and orders come often).
     */
    forgetStockOf(productIds: readonly number[]): void {
      answers.forgetTagged(tagsOfStockChange(productIds));
    },

    /** Drops every cached answer: the back office changed the catalogue, in this process or another. */
    forgetAll(): void {
      answers.clear();
      summaryCache.clear();
      categoryCache.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
