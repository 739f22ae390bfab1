/**
 * A listing's count and facets counted from its products grouped by their in-stock sizes and
 * colours (the stock row's `in_stock_options`, ADR 0031): the database groups the products, this
 * reads each group's options once. The rules are those of the size and colour filters and facets
 * (product_option_stock, ADR 0029).
 */

/** Products with the same in-stock options, all listed by the price filter or all not. */
export interface SummaryGroup {
  /** JSON array of the [size, colour] pairs of their variants in stock; null where a variant has none. */
  options: string;
  /** Whether the price filter lists them (always, without one). */
  priced: boolean;
  count: number;
  min: number | null;
  max: number | null;
}

export interface SummaryCounts {
  count: number;
  sizes: { value: string; count: number }[];
  colors: { value: string; count: number }[];
  price: { min: number; max: number } | null;
}

type Pair = [size: string | null, color: string | null];

/**
 * Counts groups as they come, slice after slice:
 * - the count: products listed by the price filter with one variant in stock in the chosen size
 *   and colour (or the one chosen);
 * - a size's count: products listed by every filter but the size and colour ones, with a variant
 *   of the size in stock in the chosen colour (in any, when none is chosen); a colour's the other
 *   way round;
 * - the price range: of the products every filter but the price one lists.
 */
export function createSummaryCounter(chosen: { size?: string | undefined; color?: string | undefined }) {
  const size = chosen.size || '';
  const color = chosen.color || '';
  const anyChosen = size !== '' || color !== '';
  const pairsOf = new Map<string, Pair[]>();
  let count = 0;
  const sizes = new Map<string, number>();
  const colors = new Map<string, number>();
  let min: number | null = null;
  let max: number | null = null;
  const hasSize = (pairSize: string | null) => size === '' || pairSize === size;
  const hasColor = (pairColor: string | null) => color === '' || pairColor === color;

  return {
    add(group: SummaryGroup): void {
      let pairs = pairsOf.get(group.options);
      if (!pairs) {
        pairs = JSON.parse(group.options) as Pair[];
        pairsOf.set(group.options, pairs);
      }
      const listed = !anyChosen || pairs.some(([pairSize, pairColor]) => hasSize(pairSize) && hasColor(pairColor));
      if (listed && group.priced) count += group.count;
      if (listed && group.min !== null) min = min === null ? group.min : Math.min(min, group.min);
      if (listed && group.max !== null) max = max === null ? group.max : Math.max(max, group.max);
      if (!group.priced) return;
      // Each value once per product, however many of its variants have it.
      const groupSizes = new Set(pairs.flatMap(([pairSize, pairColor]) => (pairSize !== null && hasColor(pairColor) ? [pairSize] : [])));
      const groupColors = new Set(pairs.flatMap(([pairSize, pairColor]) => (pairColor !== null && hasSize(pairSize) ? [pairColor] : [])));
      for (const value of groupSizes) sizes.set(value, (sizes.get(value) ?? 0) + group.count);
      for (const value of groupColors) colors.set(value, (colors.get(value) ?? 0) + group.count);
    },

    counts(): SummaryCounts {
      const listed = (counts: Map<string, number>) => [...counts].map(([value, valueCount]) => ({ value, count: valueCount }));
      return { count, sizes: listed(sizes), colors: listed(colors), price: min === null || max === null ? null : { min, max } };
    },
  };
}
