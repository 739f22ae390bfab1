import { lowStockThreshold, type ProductDetailResponse, type ProductVariant } from '@threadline/contracts';

/** The chosen option value per attribute ("Size" → "9"); an attribute not chosen yet is absent. */
export type Selection = Readonly<Record<string, string>>;

export type StockLabel = 'Select Options' | 'In Stock' | 'Out of Stock';

type Detail = Pick<ProductDetailResponse, 'product' | 'available_variants' | 'variants'>;

/** The attributes a shopper has to choose, in the API's order; an attribute with no options is none. */
export function attributesOf(detail: Pick<Detail, 'available_variants'>): string[] {
  return Object.entries(detail.available_variants)
    .filter(([, options]) => options.length > 0)
    .map(([attribute]) => attribute);
}

/** The field of a sellable combination that holds an attribute's value. */
function variantField(attribute: string): 'size' | 'color' | null {
  const name = attribute.toLowerCase();
  if (name === 'size') return 'size';
  if (name === 'color' || name === 'colour') return 'color';
  return null;
}

function matches(variant: ProductVariant, selection: Selection): boolean {
  return Object.entries(selection).every(([attribute, value]) => {
    const field = variantField(attribute);
    return field === null || variant[field] === value;
  });
}

function optionStock(detail: Detail, attribute: string, value: string): number {
  return detail.available_variants[attribute]?.find((option) => option.value === value)?.stock ?? 0;
}

/**
 * Nothing of the product can be bought, whatever is chosen: no stock at all, no combination in
 * stock, or an attribute whose every option is sold out.
 */
export function isSoldOut(detail: Detail): boolean {
  if (detail.product.stock <= 0) return true;
  if (detail.variants.length > 0 && detail.variants.every((variant) => variant.stock <= 0)) return true;
  return attributesOf(detail).some((attribute) => (detail.available_variants[attribute] ?? []).every((option) => option.stock <= 0));
}

/**
 * Units available for the chosen options, or null until every attribute has a choice; 0 for a
 * sold-out product, which no choice can make buyable (SPEC §4 'Out of Stock', never 'Select
 * Options'). It is the lowest of the product's stock, each chosen option's stock and, when the API
 * lists combinations, the stock of that exact size-and-colour combination.
 */
export function selectionStock(detail: Detail, selection: Selection): number | null {
  if (isSoldOut(detail)) return 0;
  const attributes = attributesOf(detail);
  if (attributes.some((attribute) => selection[attribute] === undefined)) return null;
  const stocks = [detail.product.stock, ...attributes.map((attribute) => optionStock(detail, attribute, selection[attribute] ?? ''))];
  if (attributes.length > 0 && detail.variants.length > 0) {
    stocks.push(detail.variants.find((variant) => matches(variant, selection))?.stock ?? 0);
  }
  return Math.max(0, Math.min(...stocks));
}

/** SPEC §4 stock label. */
export function stockLabel(stock: number | null): StockLabel {
  if (stock === null) return 'Select Options';
  return stock > 0 ? 'In Stock' : 'Out of Stock';
}

/**
 * The most a shopper can add of the chosen options: their stock less what the cart already holds
 * of them (when the cart is known); null until the options are chosen.
 */
export function quantityLimit(stock: number | null, inCart: number | null): number | null {
  if (stock === null) return null;
  return Math.max(0, stock - (inCart ?? 0));
}

/** SPEC §9: 5 or fewer, and above 0. */
export function isLowStock(stock: number): boolean {
  return stock > 0 && stock <= lowStockThreshold;
}

/**
 * SPEC §4: the first in-stock option of each attribute, in order. Where combinations are known, an
 * option only counts as in stock if some in-stock combination goes with the choices before it, so
 * the page never opens on a size-and-colour pair that cannot be bought.
 */
export function initialSelection(detail: Detail): Selection {
  const selection: Record<string, string> = {};
  for (const attribute of attributesOf(detail)) {
    const options = (detail.available_variants[attribute] ?? []).filter((option) => option.stock > 0);
    const buyable = options.find((option) => {
      const withOption = { ...selection, [attribute]: option.value };
      return detail.variants.length === 0 || detail.variants.some((variant) => variant.stock > 0 && matches(variant, withOption));
    });
    const choice = buyable ?? options[0];
    if (choice) selection[attribute] = choice.value;
  }
  return selection;
}

/** The cart's variant fields (SPEC §7 POST /orders/cart/): the chosen values, null for an attribute the product lacks. */
export function cartVariantFields(selection: Selection): { variant_size: string | null; variant_color: string | null } {
  let size: string | null = null;
  let color: string | null = null;
  for (const [attribute, value] of Object.entries(selection)) {
    const field = variantField(attribute);
    if (field === 'size') size = value;
    if (field === 'color') color = value;
  }
  return { variant_size: size, variant_color: color };
}

/** How attributes are named on screen: the shop writes British English. */
export function attributeLabel(attribute: string): string {
  return variantField(attribute) === 'color' ? 'Colour' : attribute;
}
