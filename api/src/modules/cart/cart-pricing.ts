import { effectivePrice, wholesaleMinimumPerStyle } from '@threadline/contracts';

/**
 * How a cart is priced, in integer minor units of JMD. Discounts stack in one order:
 * 1. the sale price replaces the price when the product is on sale;
 * 2. when the cart holds the wholesale minimum (15) or more units of one product, any sizes and
 *    colours together, every line of it is charged the wholesale price if that is lower;
 * 3. a promo code takes its percentage or fixed amount off what remains;
 * and no total goes below zero.
 */
export interface PricedLineInput {
  lineId: number;
  productId: number;
  quantity: number;
  price: number;
  salePrice: number | null;
  wholesalePrice: number | null;
}

export interface PricedLine {
  lineId: number;
  unitPrice: number;
  lineTotal: number;
  isWholesale: boolean;
  /** What the line would cost at the regular price, less what it costs: sale and wholesale together. */
  savings: number;
}

export interface PromoTerms {
  kind: 'percent' | 'fixed';
  value: number;
}

export interface CartPrice {
  lines: PricedLine[];
  itemCount: number;
  subtotal: number;
  promoDiscount: number;
  total: number;
}

export function priceLines(lines: readonly PricedLineInput[]): PricedLine[] {
  const unitsPerProduct = new Map<number, number>();
  for (const line of lines) unitsPerProduct.set(line.productId, (unitsPerProduct.get(line.productId) ?? 0) + line.quantity);
  return lines.map((line) => {
    const effective = effectivePrice(line.price, line.salePrice);
    const qualifies = (unitsPerProduct.get(line.productId) ?? 0) >= wholesaleMinimumPerStyle;
    const isWholesale = qualifies && line.wholesalePrice !== null && line.wholesalePrice < effective;
    const unitPrice = isWholesale && line.wholesalePrice !== null ? line.wholesalePrice : effective;
    return {
      lineId: line.lineId,
      unitPrice,
      lineTotal: unitPrice * line.quantity,
      isWholesale,
      savings: (line.price - unitPrice) * line.quantity,
    };
  });
}

export function promoDiscountOn(subtotal: number, promo: PromoTerms | null): number {
  if (!promo || subtotal <= 0) return 0;
  const discount = promo.kind === 'percent' ? Math.round((subtotal * Math.min(promo.value, 100)) / 100) : promo.value;
  return Math.min(discount, subtotal);
}

export function priceCart(lines: readonly PricedLineInput[], promo: PromoTerms | null): CartPrice {
  const priced = priceLines(lines);
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const promoDiscount = promoDiscountOn(subtotal, promo);
  return {
    lines: priced,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    promoDiscount,
    total: Math.max(0, subtotal - promoDiscount),
  };
}
