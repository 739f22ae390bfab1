import { messages } from '@threadline/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { useAuthError } from '@/lib/auth/auth-error-context.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { json, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { categoryFixture, detailFixture, listedFixture, productFixture, shopResponseFixture } from '@/test/shop-fixtures.ts';
import { AppProviders } from './providers.tsx';
import { createRoutes } from './router.tsx';

/** Renders the app's routes, optionally changed, with one query client for the loaders and the pages. */
function renderApp(path: string, change: (routes: RouteObject[]) => RouteObject[] = (routes) => routes) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(change(createRoutes(queryClient)), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The app's routes with one more page inside the store layout. */
function withStorePage(page: RouteObject) {
  return (routes: RouteObject[]): RouteObject[] =>
    routes.map((root) =>
      root.index
        ? root
        : {
            ...root,
            children: root.children?.map((layout, position) =>
              position > 0 || layout.index ? layout : { ...layout, children: [page, ...(layout.children ?? [])] },
            ),
          },
    );
}

/** Holds every lazy page back until `open` is called, like a page chunk still downloading. */
function heldPages() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const hold = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const { lazy } = route;
      const held = typeof lazy === 'function' ? { ...route, lazy: () => gate.then(lazy) } : route;
      return held.index || !held.children ? held : { ...held, children: hold(held.children) };
    });
  return { hold, open };
}

/** The main navigation, the cart button and the footer, or null for each one missing. */
function storeChrome(): (HTMLElement | null)[] {
  return [
    screen.queryByRole('navigation', { name: 'Main' }),
    screen.queryByRole('button', { name: /^Cart/ }),
    screen.queryByRole('contentinfo'),
  ];
}

describe('error pages', () => {
  it('shows the 404 page for an unknown path, with ways out', async () => {
    renderApp('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: "This look isn't in our collection" })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Browse the Shop' })).toHaveAttribute('href', '/shop');
    expect(within(main).getByRole('button', { name: 'Go Back' })).toBeVisible();
    expect(within(main).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('goes back to the previous page from the 404 page', async () => {
    const user = userEvent.setup();
    const router = renderApp('/shop');
    await screen.findByRole('heading', { level: 1, name: 'Shop' });
    await router.navigate('/no-such-look');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  });

  it('shows the 403 page', async () => {
    renderApp('/403');
    expect(await screen.findByRole('heading', { level: 1, name: 'This area is for VIP members only' })).toBeVisible();
    expect(screen.getByText(/permission/)).toHaveTextContent(/sign in/);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(main).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('shows the 500 page', async () => {
    renderApp('/500');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our servers are having a fashion emergency' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('shows the 500 page when a page fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function BrokenPage(): never {
      throw new Error('Broken page');
    }
    renderApp('/broken', withStorePage({ path: 'broken', Component: BrokenPage }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our servers are having a fashion emergency' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

describe('layouts', () => {
  it('puts the header, cart and footer around the shop', async () => {
    stubApi([[/^\/api\/shop\/\?/, () => shopResponseFixture([productFixture()])]]);
    renderApp('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Kingston Runner' })).toBeVisible();
    for (const part of storeChrome()) expect(part).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(document.title).toBe('Shop | Threadline');
  });

  it.each([
    ['/signin', 'Sign in to your account'],
    // No API answers here, so the payment page shows its error view (SPEC §2 'Payment Error').
    ['/payment/1', 'Payment Error'],
  ])('shows %s without the store header and footer, with the logo linking home', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(storeChrome()).toEqual([null, null, null]);
    expect(screen.getByRole('link', { name: 'Threadline' })).toHaveAttribute('href', '/');
  });

  it('opens and closes the cart panel from the header', async () => {
    const emptyCart = {
      items: [],
      cart_total: 0,
      cart_count: 0,
      subtotal: 0,
      discount: 0,
      promo_discount: 0,
      total_discount: 0,
      total: 0,
      promo_code: null,
      promo_code_valid: false,
      promo_message: null,
      wholesale_applied: false,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/orders/cart/')
          ? new Response(JSON.stringify(emptyCart), { status: 200, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Cart, 0 items' }));

    const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
    expect(within(panel).getByText('Your cart is empty.')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');

    await user.click(within(panel).getByRole('button', { name: 'Close cart' }));
    expect(screen.queryByRole('dialog', { name: 'Your Cart' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('lists the links and settings in the mobile menu and closes it on navigation', async () => {
    const user = userEvent.setup();
    const router = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/', '/shop', '/contact', '/signin', '/settings']);
    await user.click(within(menu).getByRole('button', { name: 'Categories' }));
    expect(within(menu).getByRole('link', { name: 'All categories' })).toHaveAttribute('href', '/categories');
    expect(within(menu).getByRole('radio', { name: /JMD/ })).toBeChecked();

    await user.click(within(menu).getByRole('link', { name: 'Settings' }));
    // Settings is an account page: a guest is sent to sign in first.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});

describe('authentication errors', () => {
  it('replaces the app with the auth error until Continue clears it', async () => {
    const user = userEvent.setup();
    function SessionCheckPage() {
      const { setAuthError } = useAuthError();
      return (
        <button type="button" onClick={() => setAuthError(messages.authExpired)}>
          Check session
        </button>
      );
    }
    renderApp('/session-check', withStorePage({ path: 'session-check', Component: SessionCheckPage }));
    await user.click(await screen.findByRole('button', { name: 'Check session' }));

    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    expect(within(alert).getByText(messages.authExpired)).toBeVisible();

    await user.click(within(alert).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check session' })).toBeVisible();
  });
});

describe('page data', () => {
  /** The pages whose loaders start (or fill) their query, with an answer and what it shows. */
  const pagesWithData = [
    {
      path: '/',
      api: '/api/home/',
      answer: { featured_products: [listedFixture(productFixture())], categories: [categoryFixture({ slug: 'hats', name: 'Hats' })] },
      shown: { role: 'link', name: 'Kingston Runner' },
    },
    {
      path: '/product/1',
      api: '/api/product/1/',
      answer: detailFixture(),
      shown: { role: 'heading', name: 'Kingston Runner' },
    },
  ];

  it.each(pagesWithData)(
    'asks for the data of $path while its page is still loading, and only once',
    async ({ path, api, answer, shown }) => {
      const fetchMock = stubApi([[/^\/api\/(home|product\/\d+)\/$/, () => answer]]);
      const pages = heldPages();
      renderApp(path, pages.hold);

      await waitFor(() => expect(requestedPaths(fetchMock, api)).toEqual([api]));
      expect(screen.getByText('Loading…')).toBeInTheDocument();
      pages.open();
      expect(await screen.findByRole(shown.role, { name: shown.name })).toBeVisible();
      // The page's own data once; what its sections load apart (the product's reviews) is another call.
      expect(requestedPaths(fetchMock, api).filter((requested) => requested === api)).toEqual([api]);
    },
  );

  it('shows the page its own error state when the data asked for early fails', async () => {
    const fetchMock = stubApi([[/^\/api\/home\/$/, () => json({ error: 'Bad request' }, 400)]]);
    const pages = heldPages();
    renderApp('/', pages.hold);

    await waitFor(() => expect(requestedPaths(fetchMock, '/api/home/')).toEqual(['/api/home/']));
    pages.open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Bad request')).toBeVisible();
  });
});
