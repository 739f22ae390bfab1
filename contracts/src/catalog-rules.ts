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
