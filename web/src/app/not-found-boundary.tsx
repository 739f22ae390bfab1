import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './error-pages.tsx';
import { ApiError } from '@/lib/api-client.ts';

/**
 * The error boundary of a page whose path names a product or a category: when the server finds
 * nothing by that name (its loader's 404 on the server, the API's 404 thrown by the page in the
 * browser), the page is the shop's not-found page inside the store's header and footer, as for an
 * unknown path. Any other failure goes on to the root boundary.
 */
export function NotFoundBoundary() {
  const error = useRouteError();
  if ((isRouteErrorResponse(error) || error instanceof ApiError) && error.status === 404) return <NotFoundPage />;
  throw error;
}
