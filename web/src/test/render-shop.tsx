import { defaultStoreSettings, fallbackRates } from '@threadline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { QuickAddProvider } from '@/components/product/quick-add-context.tsx';
import { CurrencyProvider } from '@/lib/currency/currency-context.tsx';
import { QuickAddHost } from '@/features/product/components/quick-add-host.tsx';
import { ShopActionsProvider, type ShopActions } from '@/lib/shop-actions.tsx';

// Pages and the quick-add dialog load lazily; with every test file running at once on two cores the
// first render of a file can take longer than the 1 second Testing Library waits by default.
configure({ asyncUtilTimeout: 5000 });

type Handler = (url: URL, init: RequestInit | undefined) => unknown;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs fetch at the network boundary: the first handler whose pattern matches the path (and
 * query) answers; a plain value is sent as JSON, a Response as it is. Rates answer with the
 * fallback rates and the store's settings with the defaults unless a test says otherwise.
 */
export function stubApi(handlers: [RegExp, Handler][]) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const target = `${url.pathname}${url.search}`;
    const match = handlers.find(([pattern]) => pattern.test(target));
    if (match) {
      const answer = await match[1](url, init);
      return answer instanceof Response ? answer : json(answer);
    }
    if (url.pathname === '/api/rates/') {
      return json({ base: 'JMD', rates: fallbackRates, fetched_on: null, source: 'fallback' });
    }
    if (url.pathname === '/api/store/') return json({ ...defaultStoreSettings, payment_methods: ['stripe', 'cash_on_delivery'] });
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The API paths (with queries) fetched so far for a path prefix, e.g. '/api/shop/'. */
export function requestedPaths(fetchMock: ReturnType<typeof stubApi>, prefix: string): string[] {
  return fetchMock.mock.calls
    .map(([input]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${url.pathname}${url.search}`;
    })
    .filter((path) => path.startsWith(prefix));
}

export function stubShopActions(overrides: Partial<ShopActions> = {}): ShopActions {
  return {
    addToCart: vi.fn<ShopActions['addToCart']>().mockResolvedValue(undefined),
    toggleWishlist: vi.fn<ShopActions['toggleWishlist']>().mockResolvedValue(true),
    wishlistProductIds: new Set(),
    unitsInCart: vi.fn<ShopActions['unitsInCart']>().mockReturnValue(null),
    ...overrides,
  };
}

/**
 * Renders pages the way app/ composes them (currency, shop actions, the quick-add dialog beside
 * the pages) with a memory router, so tests can read and move through history.
 */
export function renderShop(pages: RouteObject[], options: { path: string; actions?: ShopActions; queryClient?: QueryClient }) {
  const actions = options.actions ?? stubShopActions();
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <QuickAddProvider>
            <Outlet />
            <QuickAddHost />
          </QuickAddProvider>
        ),
        children: pages,
      },
    ],
    { initialEntries: [options.path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <CurrencyProvider>
        <ShopActionsProvider actions={actions}>
          <RouterProvider router={router} />
        </ShopActionsProvider>
      </CurrencyProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, actions, queryClient };
}
