import { createContext, useContext } from 'react';
import type { ApiAnswer, FetchApi } from '@threadline/contracts';

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
  /**
   * Whether the API's answer says that what the page's path names (a product, a category) does not
   * exist; the page is then the shop's not-found page, answered with a 404.
   */
  namesNothing?(answer: ApiAnswer): boolean;
}

/** What a loader throws for a page whose path names nothing the shop has. */
export const pageNotFound = () => new Response(null, { status: 404 });

/**
 * What a page's route loader does for one of its queries. On the server it waits for the API's
 * answer and stores it, so the page renders with it. A page whose path names nothing becomes the
 * not-found page (`pageNotFound`); any other failed answer (a bad filter, say) stops the render, and
 * the browser renders the page with its own error state. In the browser it starts the query and
 * waits for nothing, so navigation is not held up and the page shows its own loading, empty and
 * error states.
 */
export async function loadPageQuery<T>(loaderContext: unknown, query: PageQuery<T>): Promise<null> {
  const fetchApi = serverFetchApi(loaderContext);
  if (!fetchApi) {
    query.prefetch();
    return null;
  }
  const answer = await fetchApi(query.apiPath);
  if (query.namesNothing?.(answer)) throw pageNotFound();
  // 502: the API behind the page failed; only a 404 is rendered on the server (see entry-server).
  if (answer.status !== 200) throw new Response(null, { status: 502 });
  query.store(answer.body as T);
  return null;
}
