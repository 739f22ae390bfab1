import {
  catalogAdminMessages,
  isOnSale,
  majorToMinor,
  minorToMajor,
  type AdminCategory,
  type AdminList,
  type AdminPageQuery,
  type AdminProduct,
  type AdminProductList,
  type AdminProductQuery,
  type AdminVariant,
  type ProductStatus,
} from '@threadline/contracts';
import { adminList, pageWindow } from '../../admin-list.ts';
import { isUniqueViolation, type DatabaseHandle, type DbExecutor } from '../../db/database.ts';
import { badRequest, conflict, notFound, ShopError } from '../../errors.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import type { ShopChanges } from '../../plugins/shop-changes.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { InventoryService, VariantChange, VariantInput } from '../inventory/inventory.service.ts';
import type { StockedVariantRow } from '../inventory/inventory.repository.ts';
import type { AdminProductFilter, AdminProductRow, CatalogAdminRepository, ProductChanges } from './catalog-admin.repository.ts';
import { searchWords } from './search-terms.ts';
import { freeSlug, slugFrom } from './slugs.ts';

/** A product as the back office writes it: JMD in major units, as on the wire. */
export interface ProductInput {
  name: string;
  slug?: string | undefined;
  description: string;
  category: number;
  status: ProductStatus;
  price: number;
  sale_price: number | null;
  wholesale_price: number | null;
  is_new_arrival: boolean;
  is_featured: boolean;
  features: string[];
  specifications: Record<string, string>;
}

export interface CategoryInput {
  name: string;
  slug?: string | undefined;
  parent: number | null;
  image: string | null;
}

/** A refusal about one field, named first so the editor can show it beside that field. */
const onField = (field: string, error: ShopError) => new ShopError(error.statusCode, `${field}: ${error.message}`);

function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The product list counts its matches up to this many, as the order list does. */
const productCountCap = 10_000;

const variantView = ({ id, size, color, sku, stock, ordered }: StockedVariantRow): AdminVariant => ({
  id,
  size,
  color,
  sku,
  stock,
  ordered,
});

export interface CatalogAdminDependencies {
  repository: CatalogAdminRepository;
  database: DatabaseHandle;
  inventory: InventoryService;
  audit: AuditService;
  changes: ShopChanges;
  mediaUrls: MediaUrls;
}

/**
 * The back office's products, variants and categories. Every change runs in one transaction with
 * its audit entry, and the storefront is told after it committed.
 */
export function createCatalogAdminService({ repository, database, inventory, audit, changes, mediaUrls }: CatalogAdminDependencies) {
  async function productView(row: AdminProductRow, executor?: DbExecutor): Promise<AdminProduct> {
    const [variants, images, ordered] = await Promise.all([
      inventory.variantsOf([row.id], executor),
      repository.images(row.id, executor),
      repository.wasOrdered(row.id, executor),
    ]);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      status: row.status,
      price: minorToMajor(row.price),
      sale_price: row.sale_price === null ? null : minorToMajor(row.sale_price),
      wholesale_price: row.wholesale_price === null ? null : minorToMajor(row.wholesale_price),
      is_on_sale: isOnSale(row.price, row.sale_price),
      is_new_arrival: row.is_new_arrival === 1,
      is_featured: row.is_featured === 1,
      category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
      features: parseJson<string[]>(row.features, []),
      specifications: parseJson<Record<string, string>>(row.specifications, {}),
      variants: variants.map(variantView),
      images: images.map((image) => {
        const { image: url, srcset } = mediaUrls.productImage(image);
        return { id: image.id, image: url, srcset, alt_text: image.alt_text, position: image.position };
      }),
      ordered,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async function productOrFail(id: number, executor?: DbExecutor): Promise<AdminProductRow> {
    const row = await repository.findProduct(id, executor);
    if (!row) throw notFound(catalogAdminMessages.productNotFound);
    return row;
  }

  async function variantOrFail(id: number, executor?: DbExecutor): Promise<StockedVariantRow> {
    const variant = await inventory.variant(id, executor);
    if (!variant) throw notFound(catalogAdminMessages.variantNotFound);
    return variant;
  }

  /** Prices in cents, refusing a sale price that is not below the price. */
  function prices(price: number, salePrice: number | null) {
    if (salePrice !== null && salePrice >= price) throw onField('sale_price', badRequest(catalogAdminMessages.salePriceNotBelowPrice));
  }

  async function checkCategory(id: number, trx: DbExecutor) {
    if (!(await repository.findCategory(id, trx))) throw onField('category', badRequest(catalogAdminMessages.unknownCategory(id)));
  }

  async function productSlug(wanted: string | undefined, name: string, exceptId: number | null, trx: DbExecutor): Promise<string> {
    if (wanted === undefined) {
      const base = slugFrom(name);
      return freeSlug(base, await repository.slugsLike(base, trx));
    }
    if (await repository.slugTaken(wanted, exceptId, trx)) throw onField('slug', conflict(catalogAdminMessages.productSlugTaken(wanted)));
    return wanted;
  }

  /** Runs a change in one write transaction, then tells the storefront; duplicate keys and vanished categories become 409s. */
  async function change<T>(work: (trx: DbExecutor) => Promise<T>, uniqueMessage: () => string): Promise<T> {
    let result: T;
    try {
      result = await database.writeTransaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(uniqueMessage());
      if (isForeignKeyViolation(error)) throw conflict('The category was changed meanwhile: reload and try again.');
      throw error;
    }
    await changes.publish('catalog');
    return result;
  }

  /** Touches the product (row lock on PostgreSQL), so variant changes of one product take turns. */
  async function lockProduct(productId: number, trx: DbExecutor) {
    if (!(await repository.updateProduct(productId, {}, trx))) throw notFound(catalogAdminMessages.productNotFound);
  }

  async function categoryIdsFor(categoryId: number): Promise<number[]> {
    return [categoryId, ...(await repository.childCategoryIds(categoryId))];
  }

  return {
    /** A page of the list; `count` is exact up to 10,000 matches, and `count_capped` says when there are more. */
    async list(query: AdminProductQuery): Promise<AdminProductList> {
      const filter: AdminProductFilter = {};
      if (query.search) {
        // An exact SKU finds its product alone; otherwise the words are searched.
        const productId = await repository.productWithSku(query.search);
        const words = searchWords(query.search);
        if (productId !== undefined) filter.productId = productId;
        else if (words.length > 0) filter.searchWords = words;
      }
      if (query.category !== undefined) filter.categoryIds = await categoryIdsFor(query.category);
      if (query.status) filter.status = query.status;
      if (query.stock) filter.stock = query.stock;
      const { limit, offset } = pageWindow(query);
      // Counted past this page, so `next` is right on every page; past the cap the count says only that.
      const matching = await repository.count(filter, Math.max(productCountCap, offset + limit));
      const rows = await repository.page(filter, query.sort, limit, offset, matching);
      const thumbnails = await repository.thumbnails(rows.map((row) => row.id));
      const results = rows.map((row) => {
        const thumbnail = thumbnails.get(row.id);
        return {
          id: row.id,
          name: row.name,
          slug: row.slug,
          status: row.status,
          price: minorToMajor(row.price),
          sale_price: row.sale_price === null ? null : minorToMajor(row.sale_price),
          category: { id: row.category_id, name: row.category_name },
          stock: row.stock,
          low_variants: row.low_variants,
          out_variants: row.out_variants,
          thumbnail: thumbnail === undefined ? null : mediaUrls.thumbnail(thumbnail),
          updated_at: row.updated_at,
        };
      });
      const capped = matching > productCountCap;
      return {
        ...adminList('/api/admin/products/', query, matching, results),
        count: capped ? productCountCap : matching,
        count_capped: capped,
      };
    },

    async detail(id: number): Promise<AdminProduct> {
      return productView(await productOrFail(id));
    },

    async create(staff: StaffMember, input: ProductInput & { variants: VariantInput[] }): Promise<AdminProduct> {
      const price = majorToMinor(input.price);
      const salePrice = input.sale_price === null ? null : majorToMinor(input.sale_price);
      prices(price, salePrice);
      return change(
        async (trx) => {
          await checkCategory(input.category, trx);
          const now = new Date().toISOString();
          const id = await repository.insertProduct(
            {
              name: input.name,
              slug: await productSlug(input.slug, input.name, null, trx),
              description: input.description,
              category_id: input.category,
              status: input.status,
              price,
              sale_price: salePrice,
              wholesale_price: input.wholesale_price === null ? null : majorToMinor(input.wholesale_price),
              is_new_arrival: input.is_new_arrival ? 1 : 0,
              is_featured: input.is_featured ? 1 : 0,
              features: JSON.stringify(input.features),
              specifications: JSON.stringify(input.specifications),
              created_at: now,
              updated_at: now,
            },
            trx,
          );
          try {
            await inventory.addVariants(id, input.variants, trx);
          } catch (error) {
            const index =
              error instanceof ShopError ? input.variants.findIndex((variant) => error.message.includes(`"${variant.sku}"`)) : -1;
            throw index >= 0 && error instanceof ShopError ? onField(`variants.${index}.sku`, error) : error;
          }
          const product = await productView(await productOrFail(id, trx), trx);
          await audit.record(staff, { action: 'create', entity: 'product', entityId: id, before: null, after: product }, trx);
          return product;
        },
        () => catalogAdminMessages.productSlugTaken(input.slug ?? slugFrom(input.name)),
      );
    },

    async update(staff: StaffMember, id: number, input: Partial<ProductInput>): Promise<AdminProduct> {
      return change(
        async (trx) => {
          const current = await productOrFail(id, trx);
          const before = await productView(current, trx);
          const price = input.price === undefined ? current.price : majorToMinor(input.price);
          const salePrice =
            input.sale_price === undefined ? current.sale_price : input.sale_price === null ? null : majorToMinor(input.sale_price);
          if (input.price !== undefined || input.sale_price !== undefined) prices(price, salePrice);
          if (input.category !== undefined) await checkCategory(input.category, trx);
          const changesToWrite: ProductChanges = {};
          if (input.name !== undefined) changesToWrite.name = input.name;
          if (input.slug !== undefined && input.slug !== current.slug)
            changesToWrite.slug = await productSlug(input.slug, current.name, id, trx);
          if (input.description !== undefined) changesToWrite.description = input.description;
          if (input.category !== undefined) changesToWrite.category_id = input.category;
          if (input.status !== undefined) changesToWrite.status = input.status;
          if (input.price !== undefined) changesToWrite.price = price;
          if (input.sale_price !== undefined) changesToWrite.sale_price = salePrice;
          if (input.wholesale_price !== undefined)
            changesToWrite.wholesale_price = input.wholesale_price === null ? null : majorToMinor(input.wholesale_price);
          if (input.is_new_arrival !== undefined) changesToWrite.is_new_arrival = input.is_new_arrival ? 1 : 0;
          if (input.is_featured !== undefined) changesToWrite.is_featured = input.is_featured ? 1 : 0;
          if (input.features !== undefined) changesToWrite.features = JSON.stringify(input.features);
          if (input.specifications !== undefined) changesToWrite.specifications = JSON.stringify(input.specifications);
          await repository.updateProduct(id, changesToWrite, trx);
          const after = await productView(await productOrFail(id, trx), trx);
          await audit.record(staff, { action: 'update', entity: 'product', entityId: id, before, after }, trx);
          return after;
        },
        () => catalogAdminMessages.productSlugTaken(input.slug ?? ''),
      );
    },

    /** Deletes a product never ordered; archives one on an order, which must stay readable. */
    async remove(staff: StaffMember, id: number): Promise<{ outcome: 'deleted' | 'archived' }> {
      return change(
        async (trx) => {
          const before = await productView(await productOrFail(id, trx), trx);
          if (!before.ordered) {
            await repository.deleteProduct(id, trx);
            await audit.record(staff, { action: 'delete', entity: 'product', entityId: id, before, after: null }, trx);
            return { outcome: 'deleted' as const };
          }
          await repository.updateProduct(id, { status: 'archived' }, trx);
          const after = await productView(await productOrFail(id, trx), trx);
          await audit.record(staff, { action: 'archive', entity: 'product', entityId: id, before, after }, trx);
          return { outcome: 'archived' as const };
        },
        () => catalogAdminMessages.productNotFound,
      );
    },

    async addVariant(staff: StaffMember, productId: number, input: VariantInput): Promise<AdminVariant> {
      return change(
        async (trx) => {
          await lockProduct(productId, trx);
          const [id] = await inventory.addVariants(productId, [input], trx);
          const variant = variantView(await variantOrFail(id ?? 0, trx));
          await audit.record(
            staff,
            { action: 'create', entity: 'variant', entityId: variant.id, before: null, after: { product_id: productId, ...variant } },
            trx,
          );
          return variant;
        },
        () => catalogAdminMessages.skuTaken(input.sku),
      );
    },

    async changeVariant(staff: StaffMember, variantId: number, input: VariantChange): Promise<AdminVariant> {
      // Nothing to change is nothing to record.
      if (Object.keys(input).length === 0) return variantView(await variantOrFail(variantId));
      return change(
        async (trx) => {
          const found = await variantOrFail(variantId, trx);
          await lockProduct(found.product_id, trx);
          const current = await variantOrFail(variantId, trx);
          const after = variantView(await inventory.changeVariant(current, input, trx));
          await audit.record(
            staff,
            {
              action: 'update',
              entity: 'variant',
              entityId: variantId,
              before: { product_id: current.product_id, ...variantView(current) },
              after: { product_id: current.product_id, ...after },
            },
            trx,
          );
          return after;
        },
        () => catalogAdminMessages.skuTaken(input.sku ?? ''),
      );
    },

    /**
     * Deletes a variant never ordered. One on an order is retired instead (no longer sold or shown)
     * and the call answers 409 saying so, as BACKOFFICE.md has it. A product keeps at least one variant.
     */
    async removeVariant(staff: StaffMember, variantId: number): Promise<{ deleted: true }> {
      const outcome = await change(
        async (trx) => {
          const found = await variantOrFail(variantId, trx);
          await lockProduct(found.product_id, trx);
          const variant = await variantOrFail(variantId, trx);
          if ((await inventory.variantsOf([variant.product_id], trx)).length <= 1) throw conflict(catalogAdminMessages.lastVariant);
          const result = await inventory.removeVariant(variant, trx);
          const before = { product_id: variant.product_id, ...variantView(variant) };
          await audit.record(
            staff,
            result === 'deleted'
              ? { action: 'delete', entity: 'variant', entityId: variantId, before, after: null }
              : { action: 'retire', entity: 'variant', entityId: variantId, before, after: { ...before, stock: 0, retired: true } },
            trx,
          );
          return { result, sku: variant.sku };
        },
        () => catalogAdminMessages.variantNotFound,
      );
      if (outcome.result === 'retired') throw conflict(catalogAdminMessages.variantOrdered(outcome.sku));
      return { deleted: true };
    },

    async categories(query: AdminPageQuery): Promise<AdminList<AdminCategory>> {
      const rows = await repository.categories();
      // Parents each followed by their children, as the tree and every category select show them.
      const ordered = rows
        .filter((row) => row.parent_id === null || !rows.some((parent) => parent.id === row.parent_id))
        .flatMap((parent) => [parent, ...rows.filter((row) => row.parent_id === parent.id)]);
      const { limit, offset } = pageWindow(query);
      const results = ordered.slice(offset, offset + limit).map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        parent: row.parent_id,
        image: row.image,
        image_url: mediaUrls.categoryImage(row.image),
        product_count: row.product_count,
      }));
      return adminList('/api/admin/categories/', query, ordered.length, results);
    },

    async createCategory(staff: StaffMember, input: CategoryInput): Promise<AdminCategory> {
      return change(
        async (trx) => {
          if (input.parent !== null) await checkParent(null, input.parent, trx);
          const slug = input.slug ?? freeSlug(slugFrom(input.name), await repository.categorySlugsLike(slugFrom(input.name), trx));
          if (await repository.categorySlugTaken(slug, null, trx))
            throw onField('slug', conflict(catalogAdminMessages.categorySlugTaken(slug)));
          const id = await repository.insertCategory(
            { name: input.name, slug, parent_id: input.parent, image: input.image, sort_order: 0, created_at: new Date().toISOString() },
            trx,
          );
          const category = {
            id,
            name: input.name,
            slug,
            parent: input.parent,
            image: input.image,
            image_url: mediaUrls.categoryImage(input.image),
            product_count: 0,
          };
          await audit.record(staff, { action: 'create', entity: 'category', entityId: id, before: null, after: category }, trx);
          return category;
        },
        () => catalogAdminMessages.categorySlugTaken(input.slug ?? slugFrom(input.name)),
      );
    },

    async updateCategory(staff: StaffMember, id: number, input: Partial<CategoryInput>): Promise<AdminCategory> {
      return change(
        async (trx) => {
          const current = await repository.findCategory(id, trx);
          if (!current) throw notFound(catalogAdminMessages.categoryNotFound);
          if (input.parent !== undefined && input.parent !== null) await checkParent(current, input.parent, trx);
          if (input.slug !== undefined && (await repository.categorySlugTaken(input.slug, id, trx)))
            throw onField('slug', conflict(catalogAdminMessages.categorySlugTaken(input.slug)));
          const next = {
            name: input.name ?? current.name,
            slug: input.slug ?? current.slug,
            parent_id: input.parent === undefined ? current.parent_id : input.parent,
            image: input.image === undefined ? current.image : input.image,
          };
          await repository.updateCategory(id, next, trx);
          const view = (row: typeof next) => ({
            id,
            name: row.name,
            slug: row.slug,
            parent: row.parent_id,
            image: row.image,
            image_url: mediaUrls.categoryImage(row.image),
          });
          const productCount = await repository.productCount(id, trx);
          const after = { ...view(next), product_count: productCount };
          await audit.record(
            staff,
            { action: 'update', entity: 'category', entityId: id, before: { ...view(current), product_count: productCount }, after },
            trx,
          );
          return after;
        },
        () => catalogAdminMessages.categorySlugTaken(input.slug ?? ''),
      );
    },

    async deleteCategory(staff: StaffMember, id: number): Promise<{ deleted: true }> {
      return change(
        async (trx) => {
          const current = await repository.findCategory(id, trx);
          if (!current) throw notFound(catalogAdminMessages.categoryNotFound);
          const products = await repository.productCount(id, trx);
          if (products > 0) throw conflict(catalogAdminMessages.categoryHasProducts(current.name, products));
          if ((await repository.childCount(id, trx)) > 0) throw conflict(catalogAdminMessages.categoryHasChildren(current.name));
          if (!(await repository.deleteEmptyCategory(id, trx))) throw conflict(catalogAdminMessages.categoryHasProducts(current.name, 1));
          const before = { id, name: current.name, slug: current.slug, parent: current.parent_id, image: current.image };
          await audit.record(staff, { action: 'delete', entity: 'category', entityId: id, before, after: null }, trx);
          return { deleted: true as const };
        },
        () => catalogAdminMessages.categoryNotFound,
      );
    },
  };

  /**
   * Categories go two levels deep, as the storefront shows them: a parent must be top-level, and a
   * category with children stays top-level. That also rules out cycles.
   */
  async function checkParent(category: { id: number; name: string } | null, parentId: number, trx: DbExecutor) {
    if (category !== null && parentId === category.id) throw onField('parent', conflict(catalogAdminMessages.categoryOwnParent));
    const parent = await repository.findCategory(parentId, trx);
    if (!parent) throw onField('parent', badRequest(catalogAdminMessages.unknownCategory(parentId)));
    if (parent.parent_id !== null) throw onField('parent', conflict(catalogAdminMessages.categoryTooDeep));
    if (category !== null && (await repository.childCount(category.id, trx)) > 0) {
      throw onField('parent', conflict(catalogAdminMessages.categoryWithChildrenUnderParent(category.name)));
    }
  }
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
