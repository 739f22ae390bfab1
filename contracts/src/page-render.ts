/**
 * Server rendering of the storefront pages: the API process loads the web app's server build and
 * asks it for a page's markup. These are the terms both sides keep.
 */

/** The id of the JSON script that hands the browser the state of the page the server rendered. */
export const pageStateElementId = 'page-state';

/**
 * How the renderer reads the API in-process: the parsed answer of a GET of `apiPath` (`/api/…`), or
 * `undefined` when the API answered with an error (the page then shows its own loading state and
 * asks again in the browser).
 */
export type FetchApi = (apiPath: string) => Promise<unknown>;

export interface PageRenderRequest {
  /** The page's path and query string. */
  url: string;
  /** The shop's public origin, for absolute links in structured data. */
  origin: string;
  fetchApi: FetchApi;
}

export interface RenderedPage {
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
