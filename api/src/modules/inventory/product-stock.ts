import { lowStockThreshold } from '@threadline/contracts';

/**
 * One variant's stock before and after a change; null where it is not sold then (not yet added,
 * deleted, or retired), as a variant no longer sold counts in no product's stock.
 */
export interface VariantStockChange {
  productId: number;
  before: number | null;
  after: number | null;
}

/** A variant as a stock update leaves it. */
export interface ChangedVariant {
  product_id: number;
  stock: number;
  retired_at: string | null;
}

/** A stock update of `delta` units as its product's row sees it: a retired variant counts nowhere. */
export function variantStockChange(variant: ChangedVariant, delta: number): VariantStockChange {
  if (variant.retired_at !== null) return { productId: variant.product_id, before: null, after: null };
  return { productId: variant.product_id, before: variant.stock - delta, after: variant.stock };
}

/** What to add to a product's stock row. */
export interface ProductStockDelta {
  productId: number;
  stock: number;
  lowVariants: number;
  outVariants: number;
}

function counted(stock: number | null) {
  if (stock === null) return { stock: 0, low: 0, out: 0 };
  return { stock, low: stock > 0 && stock <= lowStockThreshold ? 1 : 0, out: stock === 0 ? 1 : 0 };
}

/**
 * The variants' changes as one delta per product, in product order: on PostgreSQL each delta
 * row-locks its product's stock row until COMMIT, and one order for every transaction keeps two
 * of them from deadlocking. Products whose row would not change are left out.
 */
export function productStockDeltas(changes: readonly VariantStockChange[]): ProductStockDelta[] {
  const deltas = new Map<number, ProductStockDelta>();
  for (const { productId, before, after } of changes) {
    const was = counted(before);
    const is = counted(after);
    const delta = deltas.get(productId) ?? { productId, stock: 0, lowVariants: 0, outVariants: 0 };
    delta.stock += is.stock - was.stock;
    delta.lowVariants += is.low - was.low;
    delta.outVariants += is.out - was.out;
    deltas.set(productId, delta);
  }
  return [...deltas.values()]
    .filter((delta) => delta.stock !== 0 || delta.lowVariants !== 0 || delta.outVariants !== 0)
    .sort((a, b) => a.productId - b.productId);
}
