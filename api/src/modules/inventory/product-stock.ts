import { lowStockThreshold } from '@threadline/contracts';

/**
 * One variant's stock before and after a change; null where it is not sold then (not yet added,
 * deleted, or retired), as a variant no longer sold counts in no product's stock.
 */
export interface VariantStockChange {
  productId: number;
  /** The variant's options, which its stock counts in (a change of options is two changes: off the old, onto the new). */
  size: string | null;
  color: string | null;
  before: number | null;
  after: number | null;
}

/** A variant as a stock update leaves it. */
export interface ChangedVariant {
  product_id: number;
  size: string | null;
  color: string | null;
  stock: number;
  retired_at: string | null;
}

/** A stock update of `delta` units as its product's row sees it: a retired variant counts nowhere. */
export function variantStockChange(variant: ChangedVariant, delta: number): VariantStockChange {
  const options = { productId: variant.product_id, size: variant.size, color: variant.color };
  if (variant.retired_at !== null) return { ...options, before: null, after: null };
  return { ...options, before: variant.stock - delta, after: variant.stock };
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
 * of them from deadlocking. Products whose row would not change are left out, but for those in
 * `kept`: a delta of nothing still locks the row (see ProductStockRepository.follow).
 */
export function productStockDeltas(changes: readonly VariantStockChange[], kept: ReadonlySet<number> = new Set()): ProductStockDelta[] {
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
    .filter((delta) => delta.stock !== 0 || delta.lowVariants !== 0 || delta.outVariants !== 0 || kept.has(delta.productId))
    .sort((a, b) => a.productId - b.productId);
}

/** What to add to one option row of a product (product_option_stock: '' where it names no size or no colour). */
export interface OptionStockDelta {
  productId: number;
  size: string;
  color: string;
  variants: number;
}

/** The option rows a variant counts in: its size, its colour, and both together. */
export function optionRowsOf(size: string | null, color: string | null): { size: string; color: string }[] {
  const rows: { size: string; color: string }[] = [];
  if (size !== null) rows.push({ size, color: '' });
  if (color !== null) rows.push({ size: '', color });
  if (size !== null && color !== null) rows.push({ size, color });
  return rows;
}

const inStock = (stock: number | null) => (stock !== null && stock > 0 ? 1 : 0);

/**
 * The variants' changes as deltas of their products' option rows, in product, size and colour
 * order (one order for every writer, so two transactions lock them alike); only a
 * variant coming into or going out of stock changes a row.
 */
export function optionStockDeltas(changes: readonly VariantStockChange[]): OptionStockDelta[] {
  const deltas = new Map<string, OptionStockDelta>();
  for (const { productId, size, color, before, after } of changes) {
    const change = inStock(after) - inStock(before);
    if (change === 0) continue;
    for (const row of optionRowsOf(size, color)) {
      const key = JSON.stringify([productId, row.size, row.color]);
      const delta = deltas.get(key) ?? { productId, ...row, variants: 0 };
      delta.variants += change;
      deltas.set(key, delta);
    }
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...deltas.values()]
    .filter((delta) => delta.variants !== 0)
    .sort((a, b) => a.productId - b.productId || byText(a.size, b.size) || byText(a.color, b.color));
}
