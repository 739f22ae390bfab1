import { catalogAdminMessages, variantOptionsLabel } from '@threadline/contracts';
import type { CompiledQuery } from 'kysely';
import { isCheckViolation, isUniqueViolation, type DbExecutor } from '../../db/database.ts';
import { conflict } from '../../errors.ts';
import type { InventoryRepository, StockChange, StockedVariantRow } from './inventory.repository.ts';
import { variantStockChange, type ChangedVariant, type VariantStockChange } from './product-stock.ts';
import type { ProductStockRepository } from './product-stock.repository.ts';

/** A variant as the back office gives it: options (null when the product does not vary by one), SKU, first stock. */
export interface VariantInput {
  size: string | null;
  color: string | null;
  sku: string;
  stock: number;
}

export interface VariantChange {
  size?: string | null;
  color?: string | null;
  sku?: string;
}

/** The check by which the database refuses a variant's stock below zero (migration 0001). */
const stockNotBelowZero = { name: 'product_variants_stock_check', expression: 'stock >= 0' };

/** Lines as one quantity per variant, in variant order. */
function wantedPerVariant<Line extends StockChange>(lines: readonly Line[]): Line[] {
  const wanted = new Map<number, Line>();
  for (const line of lines) {
    const known = wanted.get(line.variantId);
    wanted.set(line.variantId, { ...line, quantity: (known?.quantity ?? 0) + line.quantity });
  }
  return [...wanted.values()].sort((a, b) => a.variantId - b.variantId);
}

const optionsKey = (variant: { size: string | null; color: string | null }) => JSON.stringify([variant.size, variant.color]);

/**
 * Refuses new variants sharing a SKU, or a variant a shopper could not tell apart from another of
 * the product (the same size and colour). Taken SKUs elsewhere are the unique index's to refuse.
 */
function checkDistinct(
  existing: readonly { size: string | null; color: string | null }[],
  added: readonly { sku: string; size: string | null; color: string | null }[],
) {
  const skus = new Set<string>();
  const options = new Set(existing.map(optionsKey));
  for (const variant of added) {
    if (skus.has(variant.sku)) throw conflict(catalogAdminMessages.skuTwice(variant.sku));
    skus.add(variant.sku);
    const key = optionsKey(variant);
    if (options.has(key)) throw conflict(catalogAdminMessages.optionsTaken(variantOptionsLabel(variant.size, variant.color)));
    options.add(key);
  }
}

/** What could not be taken: the variant and the stock it has left. */
export interface StockShortfall {
  variantId: number;
  left: number;
}

/**
 * Stock: the only module that changes a variant's stock, and every change is a stock movement row
 * in the caller's transaction. Its products' summaries change there too, but for an order's take,
 * whose products the refresher brings up to date after the commit (ADR 36).
 */
export function createInventoryService(repository: InventoryRepository, productStock: ProductStockRepository) {
  /** The products' stock and option rows follow their variants' changes, last in the transaction. */
  const countInProducts = (changes: VariantStockChange[], trx: DbExecutor) => productStock.follow(changes, trx);

  /** An order's units back on their variants, in id order as `takeForOrder` takes them, each change a movement of `reason`. */
  async function putBack(lines: StockChange[], orderId: number, reason: 'order_cancelled' | 'return', trx: DbExecutor) {
    const changes: VariantStockChange[] = [];
    for (const { variantId, quantity } of [...lines].sort((a, b) => a.variantId - b.variantId)) {
      const given = await repository.give(variantId, quantity, trx);
      if (given) changes.push(variantStockChange(given, quantity));
    }
    await repository.recordMovements(lines, 1, reason, orderId, trx);
    await countInProducts(changes, trx);
  }

  /** Inserts one variant; a SKU taken meanwhile (the unique index) is the same 409 as one taken before. */
  async function insertVariant(productId: number, variant: VariantInput, position: number, trx: DbExecutor): Promise<number> {
    try {
      return await repository.insertVariant(
        { product_id: productId, sku: variant.sku, size: variant.size, color: variant.color, stock: variant.stock, position },
        trx,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(catalogAdminMessages.skuTaken(variant.sku));
      throw error;
    }
  }

  return {
    /** The variants still sold of these products, in the order the product page lists them. */
    variantsOf(productIds: number[], executor?: DbExecutor): Promise<StockedVariantRow[]> {
      return repository.variantsOf(productIds, executor);
    },

    /** A variant still sold, or undefined. */
    variant(variantId: number, executor?: DbExecutor): Promise<StockedVariantRow | undefined> {
      return repository.findVariant(variantId, executor);
    },

    /**
     * Adds variants to a product, after the ones it has. Each one's first stock is an 'initial'
     * movement, so a variant's stock is always the sum of its movements. The caller holds the
     * product's row lock (it serialises the variant changes of one product).
     */
    async addVariants(productId: number, variants: VariantInput[], trx: DbExecutor): Promise<number[]> {
      const existing = await repository.variantsOf([productId], trx);
      checkDistinct(existing, variants);
      const [taken] = await repository.skusTaken(
        variants.map((variant) => variant.sku),
        trx,
      );
      if (taken !== undefined) throw conflict(catalogAdminMessages.skuTaken(taken));
      let position = await repository.nextPosition(productId, trx);
      const ids: number[] = [];
      for (const variant of variants) {
        const id = await insertVariant(productId, variant, position, trx);
        position += 1;
        if (variant.stock > 0) await repository.recordMovement(id, variant.stock, 'initial', trx);
        ids.push(id);
      }
      await countInProducts(
        variants.map((variant) => ({ productId, size: variant.size, color: variant.color, before: null, after: variant.stock })),
        trx,
      );
      return ids;
    },

    /** Changes a variant's options or SKU (its stock changes only by movements). */
    async changeVariant(variant: StockedVariantRow, change: VariantChange, trx: DbExecutor): Promise<StockedVariantRow> {
      const next = { ...variant, ...change };
      const siblings = (await repository.variantsOf([variant.product_id], trx)).filter((sibling) => sibling.id !== variant.id);
      checkDistinct(siblings, [next]);
      if (next.sku !== variant.sku && (await repository.skusTaken([next.sku], trx)).length > 0)
        throw conflict(catalogAdminMessages.skuTaken(next.sku));
      let changed: ChangedVariant | undefined;
      try {
        changed = await repository.updateVariant(variant.id, change, trx);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(catalogAdminMessages.skuTaken(next.sku));
        throw error;
      }
      // Its stock leaves the old options' rows for the new ones', as the update found it.
      if (changed && (changed.size !== variant.size || changed.color !== variant.color)) {
        const { after: stock } = variantStockChange(changed, 0);
        await countInProducts(
          [
            { productId: variant.product_id, size: variant.size, color: variant.color, before: stock, after: null },
            { productId: variant.product_id, size: changed.size, color: changed.color, before: null, after: stock },
          ],
          trx,
        );
      }
      return next;
    },

    /**
     * Removes a variant: deleted when no order names it, else retired (no longer sold or shown, its
     * stock taken off sale as a 'retired' movement) so that order lines keep pointing at it.
     */
    async removeVariant(variant: StockedVariantRow, trx: DbExecutor): Promise<'deleted' | 'retired'> {
      if (!variant.ordered) {
        // The stock it is deleted with, which an order may have changed since it was read.
        const deleted = await repository.deleteVariant(variant.id, trx);
        if (deleted) await countInProducts([{ ...variantStockChange(deleted, 0), after: null }], trx);
        return 'deleted';
      }
      // An order may take stock between the read and the retire: read again until the stock held.
      let stock = variant.stock;
      while (!(await repository.retire(variant.id, stock, trx))) {
        const current = await repository.findVariant(variant.id, trx);
        if (current === undefined) return 'retired';
        stock = current.stock;
      }
      if (stock > 0) await repository.recordMovement(variant.id, -stock, 'retired', trx);
      await countInProducts([{ productId: variant.product_id, size: variant.size, color: variant.color, before: stock, after: null }], trx);
      return 'retired';
    },

    /**
     * Takes an order's stock, all or nothing: gives back its movements and the takes, as the
     * transaction's last writes (a take past the stock fails them and the order: `isShortfall`).
     * Lines of one variant count against one stock. Variants are taken in id order: on PostgreSQL
     * each stays locked until COMMIT, and one order for every transaction keeps two of them from
     * deadlocking. The products' summaries are not written here: the refresher brings them up to
     * date once the order is committed and announced (ADR 36), so no checkout waits on them.
     */
    takeForOrder(lines: StockChange[], orderId: number, trx: DbExecutor): CompiledQuery[] {
      const taken = wantedPerVariant(lines);
      if (taken.length === 0) return [];
      return [
        repository.movementsWrite(taken, -1, 'order', orderId, trx),
        ...taken.map(({ variantId, quantity }) => repository.takeWrite(variantId, quantity, trx)),
      ];
    },

    /** Whether a transaction failed because an order's take went past a variant's stock. */
    isShortfall: (error: unknown) => isCheckViolation(error, stockNotBelowZero),

    /** After a failed take: the first of the lines' variants (in id order) without their quantity in stock now. */
    async shortfallOf(lines: StockChange[]): Promise<StockShortfall | null> {
      for (const { variantId, quantity } of wantedPerVariant(lines)) {
        const left = (await repository.stockOf(variantId)) ?? 0;
        if (left < quantity) return { variantId, left };
      }
      return null;
    },

    /** A cancelled order's stock back on its variants, in id order as `takeForOrder` takes them. */
    returnForOrder: (lines: StockChange[], orderId: number, trx: DbExecutor) => putBack(lines, orderId, 'order_cancelled', trx),

    /** Units a customer sent back, back on their variants as `return` movements of the order (KINGSTON.md §7). */
    restockReturned: (lines: StockChange[], orderId: number, trx: DbExecutor) => putBack(lines, orderId, 'return', trx),
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
