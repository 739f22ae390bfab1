/**
 * The page routes of SPEC §2 (plus the password-reset and settings pages, and the back office under
 * /admin, whose own screens send an unknown /admin address to its dashboard). The server answers
 * these with the app and a 200 (/403 and /500 with their own status); any other page path gets the
 * app's 404 page with a 404 status.
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
  '/cart/shared/:token',
  '/checkout',
  '/payment/:orderId',
  '/order-confirmation/:orderId',
  '/auth/:provider/callback',
  '/admin',
  '/admin/*',
  '/403',
  '/500',
] as const;

const patternExpressions = pageRoutePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\*$/, '.+')}/?$`),
);

export function isPageRoute(pathname: string): boolean {
  return patternExpressions.some((expression) => expression.test(pathname));
}

/** The pages that say something went wrong answer with that status (monitors read the status, people the page). */
const errorPageStatuses: Record<string, 403 | 500> = { '/403': 403, '/500': 500 };

/** The HTTP status of the page at `pathname` before its render says more (a product that does not exist is 404). */
export function pageStatus(pathname: string): 200 | 403 | 404 | 500 {
  if (!isPageRoute(pathname)) return 404;
  return errorPageStatuses[pathname.replace(/(.)\/$/, '$1')] ?? 200;
}
