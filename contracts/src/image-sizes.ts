/**
 * `sizes` of the shop's product pictures: the rendered width per breakpoint, so the browser picks the
 * right `srcset` candidate. Shared with the server, whose preload hints for a page's first picture
 * must name the same candidate the page's `<img>` will ask for.
 */
export const productImageSizes = {
  /** The shop's 2-, 3- and 4-column grids. */
  card: '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  /** The main picture of the product page. */
  gallery: '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw',
} as const;
