// The catalogue's constants, apart from its schemas so that a page using them loads no zod.

export const shopSorts = ['newest', 'price_low', 'price_high', 'best_sellers'] as const;
export type ShopSort = (typeof shopSorts)[number];
export const shopPageSize = 12;

/** SPEC §2 /categories: the fixed grid. */
export const fixedCategories = [
  { name: 'Sneakers', slug: 'sneakers' },
  { name: 'Hats', slug: 'hats' },
  { name: 'T-Shirts', slug: 'tshirts' },
  { name: 'Accessories', slug: 'accessories' },
] as const;

/** SPEC §9 constants of the catalogue. */
export const lowStockThreshold = 5;
export const relatedProductsLimit = 4;
export const wholesaleMinimumPerStyle = 15;

/**
 * SPEC §1: a product is on sale while its sale price is below its price, and then sells at it. In
 * cents on the server and in JMD on a page alike (the answer's `sale_price` is null off sale).
 */
export const isOnSale = (price: number, salePrice: number | null): salePrice is number => salePrice !== null && salePrice < price;

/** What one unit sells for before wholesale and promo codes: the sale price on sale, else the price. */
export const effectivePrice = (price: number, salePrice: number | null): number => (isOnSale(price, salePrice) ? salePrice : price);
