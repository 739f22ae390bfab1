import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { PageRenderRequest, RenderedPage } from '@threadline/contracts';
import { AppProviders } from '@/app/providers.tsx';
import { createRoutes } from '@/app/router.tsx';
import { isServerRendered, type PageState } from '@/app/page-state.ts';
import { beginHydration } from '@/lib/hydration.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { defaultPageDescription } from '@/lib/use-page-title.ts';
import { ServerRenderContext, type PageHead, type ServerRender } from '@/lib/server-render.ts';

/**
 * The storefront's server render (the API process imports this build): the catalogue pages with
 * their data, so a phone paints the products from the HTML instead of after the scripts have run.
 */
export async function renderPage({ url, origin, fetchApi }: PageRenderRequest): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const pageUrl = new URL(url, origin);
  // A page that depends on the shopper is the browser's to render: no route module or loader runs for it here.
  if (!matchRoutes(routes, pageUrl.pathname)?.some(({ route }) => isServerRendered(route))) return null;
  // The server renders what a browser renders while it hydrates: no stored currency, no kept cart.
  beginHydration();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(pageUrl), { requestContext: { fetchApi } });
  // A redirect or a failed loader: the browser renders the page, with its own not-found or error state.
  if (context instanceof Response || context.errors) return null;

  const named: { head: PageHead | null } = { head: null };
  const serverRender: ServerRender = {
    origin,
    nameHead: (head) => {
      named.head = head;
    },
  };
  const html = renderToString(
    <ServerRenderContext.Provider value={serverRender}>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </AppProviders>
    </ServerRenderContext.Provider>,
  );
  const state: PageState = {
    queries: dehydrate(queryClient),
    loaderData: context.loaderData,
  };
  queryClient.clear();
  return {
    html,
    state: JSON.stringify(state).replaceAll('<', '\\u003c'),
    title: named.head?.title ?? null,
    description: named.head?.description ?? defaultPageDescription,
  };
}
