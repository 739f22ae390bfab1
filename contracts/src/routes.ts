/**
 * The page routes of SPEC §2 (plus the password-reset and settings pages). The server answers
 * these with the app and a 200; any other page path gets the app's 404 page with a 404 status.
 */
const pageRoutePatterns = [
  '/',
  '/shop',
  '/shop/category/:categorySlug',
  '/product/:id',
  '/contact',
  '/categories',
  '/categories/:slug',
  '/profile',
  '/orders',
  '/addresses',
  '/wishlist',
  '/settings',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/legal',
  '/newsletter/unsubscribe',
  '/cart',
  '/checkout',
  '/payment/:orderId',
  '/order-confirmation/:orderId',
  '/auth/:provider/callback',
  '/403',
  '/500',
] as const;

const patternExpressions = pageRoutePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

export function isPageRoute(pathname: string): boolean {
  return patternExpressions.some((expression) => expression.test(pathname));
}
