/**
 * Server rendering of the storefront pages: the API process loads the web app's server build and
 * asks it for a page's markup. These are the terms both sides keep.
 */
import type { CurrencyCode } from './currencies.ts';

/** The id of the JSON script that hands the browser the state of the page the server rendered. */
export const pageStateElementId = 'page-state';

/** The API's answer to a GET the renderer made: its status and its parsed body (`undefined` on an error). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** How the renderer reads the API in-process: a GET of `apiPath` (`/api/…`). */
export type FetchApi = (apiPath: string) => Promise<ApiAnswer>;

export interface PageRenderRequest {
  /** The page's path and query string. */
  url: string;
  /** The shop's public origin, for absolute links in structured data. */
  origin: string;
  fetchApi: FetchApi;
  /** The currency the shopper chose (their `currency` cookie), in which the page shows its prices. */
  currency: CurrencyCode;
}

export interface RenderedPage {
  /** 404 for the shop's not-found page: an unknown path, or a product or category that does not exist. */
  status: 200 | 404;
  /** The app's markup, for the `#root` element. */
  html: string;
  /** JSON for the page-state script; `<` is escaped, so it is safe inside a script element. */
  state: string;
  /** The document title and description the page names (no title: the shop's default). */
  title: string | null;
  description: string;
}

/** `null` for a page the server leaves to the browser (it depends on who is signed in, say). */
export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPage | null>;

/**
 * The query parameters the shop's listings read (the web's parseShopFilters); no other page the
 * server renders reads any.
 */
export const listingQueryParameters = ['category', 'search', 'sort', 'size', 'color', 'min_price', 'max_price'] as const;

/** The listings, and whether the query names their category (the other two take it from the path). */
const listingPaths: { path: RegExp; categoryInQuery: boolean }[] = [
  { path: /^\/shop\/?$/, categoryInQuery: true },
  { path: /^\/shop\/category\/[^/]+\/?$/, categoryInQuery: false },
  { path: /^\/categories\/[^/]+\/?$/, categoryInQuery: false },
];

/** What pageRenderAddress reads of an address's query: a URLSearchParams, on either side. */
export interface PageQuery {
  get(name: string): string | null;
}

/**
 * The address a page is rendered from, and kept under: its path and only the query parameters the
 * page reads, each once, trimmed and in one order. Whatever else an address carries (`/?x=1`, a
 * campaign's tags) shows the same page, so it is rendered and kept once.
 */
export function pageRenderAddress(pathname: string, query: PageQuery): string {
  const listing = listingPaths.find(({ path }) => path.test(pathname));
  if (!listing) return pathname;
  const read: string[] = [];
  for (const name of listingQueryParameters) {
    const value = query.get(name)?.trim();
    if (value && (name !== 'category' || listing.categoryInQuery)) read.push(`${name}=${encodeURIComponent(value)}`);
  }
  return read.length > 0 ? `${pathname}?${read.join('&')}` : pathname;
}
