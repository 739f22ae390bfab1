// The back office catalogue's constants and messages, apart from its schemas so that a page using them loads no zod.

/** SPEC §9: a variant with this many or fewer left (and some) is low on stock. */
export const adminStockFilters = ['low', 'out'] as const;
export type AdminStockFilter = (typeof adminStockFilters)[number];

export const adminProductSorts = ['newest', 'oldest', 'name', 'price_low', 'price_high'] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

/** What the back office's catalogue calls answer when a rule refuses a change. */
export const catalogAdminMessages = {
  productNotFound: 'No product has that id.',
  variantNotFound: 'No variant has that id.',
  categoryNotFound: 'No category has that id.',
  unknownCategory: (id: number) => `There is no category with id ${id}.`,
  skuTaken: (sku: string) => `The SKU "${sku}" is already used by another variant.`,
  skuTwice: (sku: string) => `The SKU "${sku}" is given to more than one variant.`,
  optionsTaken: (label: string) => `The product already has a variant ${label}.`,
  productSlugTaken: (slug: string) => `The slug "${slug}" is already used by another product.`,
  categorySlugTaken: (slug: string) => `The slug "${slug}" is already used by another category.`,
  salePriceNotBelowPrice: 'The sale price must be below the price.',
  lastVariant: 'A product needs at least one variant: add another before removing this one.',
  variantOrdered: (sku: string) =>
    `The variant "${sku}" is on orders, so it was retired instead of deleted: it is no longer sold or shown.`,
  categoryHasProducts: (name: string, count: number) =>
    `"${name}" still has ${count} ${count === 1 ? 'product' : 'products'}: move or delete them first.`,
  categoryHasChildren: (name: string) => `"${name}" has categories under it: move or delete them first.`,
  categoryOwnParent: 'A category cannot sit under itself.',
  categoryTooDeep: 'Categories go two levels deep: choose a top-level category as the parent.',
  categoryWithChildrenUnderParent: (name: string) => `"${name}" has categories under it, so it must stay at the top level.`,
} as const;

/** "in size S, colour Black", as a refusal names a variant's options. */
export const variantOptionsLabel = (size: string | null, color: string | null): string => {
  const parts = [size === null ? null : `size ${size}`, color === null ? null : `colour ${color}`].filter((part) => part !== null);
  return parts.length === 0 ? 'without size or colour' : `in ${parts.join(', ')}`;
};
