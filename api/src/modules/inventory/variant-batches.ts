import type { DbExecutor } from '../../db/database.ts';
import { variantStockChange, type VariantStockChange } from './product-stock.ts';
import type { ProductStockRepository } from './product-stock.repository.ts';
import type { StoredVariant, VariantBatchesRepository } from './variant-batches.repository.ts';

export type { StoredVariant } from './variant-batches.repository.ts';

export interface VariantToAdd {
  productId: number;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
}

export interface VariantChange {
  variant: StoredVariant;
  size: string | null;
  color: string | null;
  /** The stock it is to have; null keeps it. */
  stock: number | null;
}

/**
 * Variants written by the thousand (the catalogue import). A stock set here is recorded as an
 * 'import' movement of the difference, so a variant's stock stays the sum of its movements, and
 * counted in its product's stock row.
 */
export function createVariantBatches(repository: VariantBatchesRepository, productStock: ProductStockRepository) {
  return {
    /** The variants with these SKUs, row-locked for the caller's transaction when `lock` is set. */
    variantsBySku(skus: string[], lock: boolean, trx?: DbExecutor): Promise<StoredVariant[]> {
      return repository.bySku(skus, lock, trx);
    },

    /** Adds variants after each product's existing ones, with their starting stock as a movement. */
    async addImportedVariants(variants: VariantToAdd[], trx: DbExecutor): Promise<void> {
      if (variants.length === 0) return;
      const last = await repository.lastPositions([...new Set(variants.map((variant) => variant.productId))], trx);
      const rows = variants.map(({ productId, sku, size, color, stock }) => {
        const position = (last.get(productId) ?? -1) + 1;
        last.set(productId, position);
        return { product_id: productId, sku, size, color, stock, position };
      });
      const ids = await repository.insert(rows, trx);
      await repository.recordMovements(
        variants.filter((variant) => variant.stock > 0).map((variant) => ({ variantId: ids.get(variant.sku) ?? 0, delta: variant.stock })),
        trx,
      );
      const added = variants.map(({ productId, size, color, stock }) => ({ productId, size, color, before: null, after: stock }));
      await productStock.follow(added, trx);
    },

    /**
     * Changes the variants that differ, in id order; the caller read them locked in this transaction,
     * so the stock each is set from is the stock it has; a retired one is sold again. Answers how
     * many changed.
     */
    async changeVariants(changes: VariantChange[], trx: DbExecutor): Promise<number> {
      const movements: { variantId: number; delta: number }[] = [];
      const stockChanges: VariantStockChange[] = [];
      let changed = 0;
      for (const { variant, size, color, stock } of [...changes].sort((a, b) => a.variant.id - b.variant.id)) {
        const newStock = stock ?? variant.stock;
        const retired = variant.retired_at !== null;
        if (!retired && size === variant.size && color === variant.color && newStock === variant.stock) continue;
        // A retired variant the file names is one the shop sells again (its SKU could name no other).
        await repository.update(variant.id, { size, color, stock: newStock, ...(retired ? { retired_at: null } : {}) }, trx);
        if (newStock !== variant.stock) movements.push({ variantId: variant.id, delta: newStock - variant.stock });
        // Off the old options at the old stock, onto the new ones at the new: a product's stock row sees only the difference.
        const { before } = variantStockChange(variant, 0);
        const { after } = variantStockChange({ ...variant, size, color, stock: newStock, retired_at: null }, 0);
        stockChanges.push({ productId: variant.product_id, size: variant.size, color: variant.color, before, after: null });
        stockChanges.push({ productId: variant.product_id, size, color, before: null, after });
        changed += 1;
      }
      await repository.recordMovements(movements, trx);
      await productStock.follow(stockChanges, trx);
      return changed;
    },
  };
}

export type VariantBatches = ReturnType<typeof createVariantBatches>;
