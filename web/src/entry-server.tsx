import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import {
  baseCurrency,
  fallbackRates,
  type CurrencyCode,
  type FetchApi,
  type PageRenderRequest,
  type RatesResponse,
  type RenderedPage,
  type StoreSettings,
} from '@threadline/contracts';
import { AppProviders } from '@/app/providers.tsx';
import { createRoutes } from '@/app/router.tsx';
import { isNotFoundPage, isServerRendered, type PageState } from '@/app/page-state.ts';
import type { PageCurrency } from '@/lib/currency/currency-context.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { storeSettingsQueryKey } from '@/lib/queries/store-settings.ts';
import { defaultPageDescription } from '@/lib/use-page-title.ts';
import { ServerRenderContext, type PageHead, type ServerRender } from '@/lib/server-render.ts';
import { loadEveryIslandCode } from '@/lib/hydrate-when-seen.tsx';

/** The shopper's currency with the day's rates, as GET /api/rates/ answers them to the browser. */
async function pageCurrency(code: CurrencyCode, fetchApi: FetchApi): Promise<PageCurrency> {
  if (code === baseCurrency) return { code, rates: null };
  const answer = await fetchApi('/api/rates/');
  return { code, rates: answer.status === 200 ? (answer.body as RatesResponse).rates : { ...fallbackRates } };
}

/**
 * The storefront's server render (the API process imports this build): the catalogue pages with
 * their data, so a phone paints the products from the HTML instead of after the scripts have run.
 */
export async function renderPage({ url, origin, fetchApi, currency }: PageRenderRequest): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const pageUrl = new URL(url, origin);
  const matches = matchRoutes(routes, pageUrl.pathname) ?? [];
  // A page that depends on the shopper is the browser's to render: no route module or loader runs for it here.
  if (!matches.some(({ route }) => isServerRendered(route))) return null;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(pageUrl), { requestContext: { fetchApi } });
  // A redirect or a failed loader: the browser renders the page, with its own error state. A product
  // or category that does not exist (a loader's 404) is rendered: its route's boundary shows the not-found page.
  if (context instanceof Response || (context.errors && context.statusCode !== 404)) return null;
  const prices = await pageCurrency(currency, fetchApi);
  // Every page's footer shows the owner's store details: rendered here, and handed to the browser with the page.
  const store = await fetchApi('/api/store/');
  if (store.status === 200) queryClient.setQueryData(storeSettingsQueryKey, store.body as StoreSettings);

  // Parts whose code a browser loads when their island wakes are rendered here with the rest.
  await loadEveryIslandCode();
  const named: { head: PageHead | null } = { head: null };
  const serverRender: ServerRender = {
    origin,
    nameHead: (head) => {
      named.head = head;
    },
  };
  const html = renderToString(
    <ServerRenderContext.Provider value={serverRender}>
      <AppProviders queryClient={queryClient} pageCurrency={prices}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </AppProviders>
    </ServerRenderContext.Provider>,
  );
  const state: PageState = {
    queries: dehydrate(queryClient),
    loaderData: context.loaderData,
    errors: context.errors,
    currency: prices,
  };
  queryClient.clear();
  return {
    status: context.statusCode === 404 || matches.some(({ route }) => isNotFoundPage(route)) ? 404 : 200,
    html,
    state: JSON.stringify(state).replaceAll('<', '\\u003c'),
    title: named.head?.title ?? null,
    description: named.head?.description ?? defaultPageDescription,
  };
}
