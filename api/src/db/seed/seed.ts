import { PostgresAdapter, sql, type Insertable } from 'kysely';
import { createProductStockRepository } from '../../modules/inventory/product-stock.repository.ts';
import type { Db } from '../database.ts';
import type { CategoryTable, ProductImageTable, ProductTable, ProductVariantTable, PromoCodeTable, StockMovementTable } from '../tables.ts';
import {
  catalogueCategories,
  catalogueProducts,
  cataloguePromoCodes,
  categoriesCreatedAt,
  productImages,
  productVariants,
  type CatalogueCategory,
} from './catalogue.ts';

/** Stored with every product image: the drawings are square and rendered up to this width. */
const imageSize = 960;

// SQLite allows at most 32,766 bound parameters in one statement; smaller batches also keep
// PostgreSQL's statements a readable size.
const parameterLimit = 32_766;
const maxRowsPerStatement = 500;

function batches<T extends object>(rows: readonly T[]): T[][] {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.min(maxRowsPerStatement, Math.floor(parameterLimit / columns));
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}

function lookup<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed catalogue refers to an unknown ${what}: ${String(key)}`);
  return value;
}

/**
 * Fills an empty database with the demo catalogue and promo codes, all in one transaction.
 * Does nothing when any category exists, so it is safe to run on every start.
 */
export async function seedDatabase(db: Db): Promise<{ seeded: boolean }> {
  const result = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return { seeded: false };

    // Ids come back paired with their natural key: neither SQLite nor PostgreSQL promises that
    // RETURNING lists the rows of a multi-row insert in VALUES order.
    const categoryIds = new Map<string, number>();
    const insertCategories = async (categories: readonly CatalogueCategory[]) => {
      const rows: Insertable<CategoryTable>[] = categories.map((category) => ({
        name: category.name,
        slug: category.slug,
        parent_id: category.parentSlug === null ? null : lookup(categoryIds, category.parentSlug, 'category'),
        image: `categories/${category.slug}`,
        sort_order: category.sortOrder,
        created_at: categoriesCreatedAt,
      }));
      for (const batch of batches(rows)) {
        const inserted = await trx.insertInto('categories').values(batch).returning(['id', 'slug']).execute();
        for (const row of inserted) categoryIds.set(row.slug, row.id);
      }
    };
    await insertCategories(catalogueCategories.filter((category) => category.parentSlug === null));
    await insertCategories(catalogueCategories.filter((category) => category.parentSlug !== null));

    const productRows: Insertable<ProductTable>[] = catalogueProducts.map((product) => ({
      name: product.name,
      slug: product.slug,
      description: product.description,
      category_id: lookup(categoryIds, product.categorySlug, 'category'),
      price: product.price,
      sale_price: product.salePrice,
      wholesale_price: product.wholesalePrice,
      is_new_arrival: product.isNewArrival ? 1 : 0,
      is_featured: product.isFeatured ? 1 : 0,
      is_active: 1,
      features: JSON.stringify(product.features),
      specifications: JSON.stringify(product.specifications),
      created_at: product.createdAt,
      updated_at: product.createdAt,
    }));
    const productIds = new Map<string, number>();
    for (const batch of batches(productRows)) {
      const inserted = await trx.insertInto('products').values(batch).returning(['id', 'slug']).execute();
      for (const row of inserted) productIds.set(row.slug, row.id);
    }

    const imageRows: Insertable<ProductImageTable>[] = catalogueProducts.flatMap((product) =>
      productImages(product).map((image) => ({
        product_id: lookup(productIds, product.slug, 'product'),
        position: image.position,
        path: image.path,
        alt_text: image.altText,
        width: imageSize,
        height: imageSize,
        // A product without a colour option is drawn in one colour, which is no choice of the shopper's.
        color: product.colors.length > 0 ? image.color : null,
      })),
    );
    for (const batch of batches(imageRows)) await trx.insertInto('product_images').values(batch).execute();

    const variants = catalogueProducts.flatMap((product) => productVariants(product).map((variant) => ({ product, variant })));
    const variantRows: Insertable<ProductVariantTable>[] = variants.map(({ product, variant }) => ({
      product_id: lookup(productIds, product.slug, 'product'),
      sku: variant.sku,
      size: variant.size,
      color: variant.color,
      stock: variant.stock,
      position: variant.position,
    }));
    const variantIds = new Map<string, number>();
    for (const batch of batches(variantRows)) {
      const inserted = await trx.insertInto('product_variants').values(batch).returning(['id', 'sku']).execute();
      for (const row of inserted) variantIds.set(row.sku, row.id);
    }

    // Stock only ever changes through movements, so the opening stock is one too.
    const movementRows: Insertable<StockMovementTable>[] = variants.map(({ product, variant }) => ({
      variant_id: lookup(variantIds, variant.sku, 'variant'),
      delta: variant.stock,
      reason: 'seed',
      order_id: null,
      staff_id: null,
      created_at: product.createdAt,
    }));
    for (const batch of batches(movementRows)) await trx.insertInto('stock_movements').values(batch).execute();
    await createProductStockRepository(trx).recount('all');

    const promoRows: Insertable<PromoCodeTable>[] = cataloguePromoCodes.map((promo) => ({
      code: promo.code,
      description: promo.description,
      kind: promo.kind,
      value: promo.value,
      min_subtotal: promo.minSubtotal,
      starts_at: promo.startsAt,
      ends_at: promo.endsAt,
      usage_limit: null,
      per_customer_limit: promo.perCustomerLimit,
      times_used: 0,
      first_order_only: promo.firstOrderOnly ? 1 : 0,
      is_active: promo.isActive ? 1 : 0,
      created_at: promo.createdAt,
    }));
    await trx.insertInto('promo_codes').values(promoRows).execute();

    return { seeded: true };
  });
  // PostgreSQL has no statistics of a freshly seeded catalogue until autovacuum comes round, and
  // planned a cart's lines as a scan of every variant meanwhile.
  if (result.seeded && db.getExecutor().adapter instanceof PostgresAdapter) await sql`ANALYZE`.execute(db);
  return result;
}
