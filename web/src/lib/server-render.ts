import { createContext, useContext } from 'react';
import type { FetchApi } from '@threadline/contracts';

/** The document title and description a page names. */
export interface PageHead {
  title: string;
  description: string;
}

/**
 * What a page rendered on the server knows there and not from `window`: the shop's origin, and a
 * place to leave its title and description for the HTML's head (effects never run on the server).
 */
export interface ServerRender {
  origin: string;
  /** Keeps the title and description the page names; the last page to name them wins. */
  nameHead(head: PageHead): void;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The page's render on the server, or `null` in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

/** The shop's own origin (`https://…`), on the server as in the browser. */
export function useShopOrigin(): string {
  return useServerRender()?.origin ?? window.location.origin;
}

/**
 * The server's in-process API reader, when a route loader runs for a page the server renders (its
 * `requestContext`); `null` in the browser, where loaders fetch over the network instead.
 */
function serverFetchApi(loaderContext: unknown): FetchApi | null {
  if (typeof loaderContext !== 'object' || loaderContext === null || !('fetchApi' in loaderContext)) return null;
  return typeof loaderContext.fetchApi === 'function' ? (loaderContext.fetchApi as FetchApi) : null;
}

interface PageQuery<T> {
  /** The API call the page renders from, as the server reads it (`/api/…`). */
  apiPath: string;
  /** Puts the answer into the query cache, where the page looks for it. */
  store(answer: T): void;
  /** In the browser: starts the page's query without waiting for it. */
  prefetch(): void;
}

/**
 * What a page's route loader does for one of its queries. On the server it waits for the API's
 * answer and stores it, so the page renders with it; without one (a product that does not exist,
 * say) the render stops, and the browser renders the page with its not-found or error state. In the
 * browser it starts the query and waits for nothing, so navigation is not held up and the page shows
 * its own loading, empty and error states.
 */
export async function loadPageQuery<T>(loaderContext: unknown, query: PageQuery<T>): Promise<null> {
  const fetchApi = serverFetchApi(loaderContext);
  if (!fetchApi) {
    query.prefetch();
    return null;
  }
  const answer = await fetchApi(query.apiPath);
  if (answer === undefined) throw new Response(null, { status: 404 });
  query.store(answer as T);
  return null;
}
