import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { pageStateElementId } from '@threadline/contracts';
import type { PageCurrency } from '@/lib/currency/currency-context.tsx';

/**
 * Marks a route the server renders: the catalogue pages, which look the same to every shopper until
 * the browser lays its own state (currency, cart, account) over them.
 */
export const serverRendered = { serverRendered: true } as const;

/** Marks the route of every unknown path: the not-found page, rendered by the server with a 404. */
export const notFoundPage = { serverRendered: true, notFound: true } as const;

type PageHandle = { serverRendered?: boolean; notFound?: boolean } | undefined;

export function isServerRendered(route: Pick<RouteObject, 'handle'>): boolean {
  return (route.handle as PageHandle)?.serverRendered === true;
}

export function isNotFoundPage(route: Pick<RouteObject, 'handle'>): boolean {
  return (route.handle as PageHandle)?.notFound === true;
}

/** What the server hands the browser with a page it rendered, so the first render in the browser matches it. */
export interface PageState {
  /** The queries the page rendered with. */
  queries: DehydratedState;
  /** The router's loader data by route id (the loaders fill queries and return null). */
  loaderData: Record<string, unknown>;
  /** A loader's 404 by the id of the route whose boundary shows the not-found page; null when the page was found. */
  errors: Record<string, unknown> | null;
  /** The currency the page's prices are in, and the day's rates they were converted at. */
  currency: PageCurrency;
}

/** The state of the page the server rendered into this document, put into the query cache; null for a page it did not render. */
export function takePageState(queryClient: QueryClient): PageState | null {
  const element = document.getElementById(pageStateElementId);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as PageState;
    hydrate(queryClient, state.queries);
    return state;
  } catch {
    return null;
  }
}
