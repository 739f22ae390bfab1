import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartCount } from '@/features/cart/hooks/use-cart-view.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { useShopActions } from '@/lib/shop-actions.tsx';
import { cartFixture, fakeCartApi, startTestSession } from '@/test/cart-fixtures.ts';
import { json, stubApi } from '@/test/render-shop.tsx';
import { CartPanel } from './layouts/cart-panel.tsx';
import { AppProviders } from './providers.tsx';
import { AppShopActions } from './shop-actions.tsx';

/** A product page's add button, the header badge and the slide-out, as the app composes them. */
function AddButton() {
  const { addToCart, unitsInCart } = useShopActions();
  const count = useCartCount();
  const held = unitsInCart(1, '9', 'Black');
  const [error, setError] = useState('');
  const add = () =>
    addToCart({ product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }, 'Kingston Runner').then(
      () => setError(''),
      (reason: Error) => setError(reason.message),
    );
  return (
    <>
      <p>Badge: {count}</p>
      <p>In the cart of 9 Black: {held ?? 'not known yet'}</p>
      <button type="button" onClick={() => void add()}>
        Add to Cart
      </button>
      <p>{error}</p>
      <CartPanel />
    </>
  );
}

function renderApp(api: ReturnType<typeof fakeCartApi>) {
  stubApi([api.handler]);
  const router = createMemoryRouter(
    [
      {
        element: (
          <AppShopActions>
            <Outlet />
          </AppShopActions>
        ),
        children: [{ path: '/', element: <AddButton /> }],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(startTestSession);

describe('adding to the cart', () => {
  it('opens the slide-out with the line the server added', async () => {
    const user = userEvent.setup();
    renderApp(fakeCartApi(cartFixture([])));
    expect(await screen.findByText('Badge: 0')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
    expect(await within(panel).findByRole('link', { name: 'Kingston Runner' })).toBeVisible();
    expect(screen.getByText('Badge: 1')).toBeInTheDocument();
    expect(screen.getByText('In the cart of 9 Black: 1')).toBeInTheDocument();
  });

  it('shows why the server refused an add, adds nothing and keeps the slide-out shut', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([]));
    renderApp(api);
    await screen.findByText('Badge: 0');

    const reason = 'Only 3 of Kingston Runner (9 / Black) available, and you already have 3 in your cart.';
    api.failWith(json({ error: reason }, 409));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(reason)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Badge: 0')).toBeVisible();
    expect(localStorage.getItem('pendingCartItems')).toBeNull();
  });

  it('keeps an add the server never answered, merged by name, and sends it once back online', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([]));
    renderApp(api);
    await screen.findByText('Badge: 0');

    api.failWith('network');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const panel = await screen.findByRole('dialog', { name: 'Your Cart' });
    const waiting = await within(panel).findByRole('region', { name: 'Not saved yet' });
    expect(waiting).toHaveTextContent('1 × Kingston Runner (9 / Black)');
    expect(waiting).toHaveTextContent('they are not in the total yet');

    await user.click(within(panel).getByRole('button', { name: 'Close cart' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Your Cart' })).findByText('2 × Kingston Runner (9 / Black)'),
    ).toBeVisible();
    expect(screen.getByText('Badge: 2')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('pendingCartItems') ?? '{}')).toMatchObject({
      adds: [{ name: 'Kingston Runner', variant: '9 / Black', request: { product_id: 1, quantity: 2 } }],
    });
    expect(api.cart.items).toEqual([]);

    api.failWith(null);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const dialog = screen.getByRole('dialog', { name: 'Your Cart' });
    expect(await within(dialog).findByRole('link', { name: 'Kingston Runner' })).toBeVisible();
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Not saved yet' })).not.toBeInTheDocument());
    expect(api.cart.items.map((item) => item.quantity)).toEqual([2]);
    expect(within(dialog).getByRole('textbox', { name: 'Quantity of Kingston Runner (9 / Black)' })).toHaveValue('2');
    expect(localStorage.getItem('pendingCartItems')).toBeNull();
    // Each try went again under the key of its first send, so a try that had arrived adds nothing.
    const keys = api.sent.filter((call) => call.method === 'POST').map((call) => call.idempotencyKey);
    const [first, second, ...others] = new Set(keys);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(others).toEqual([]);
    expect(keys.slice(-2)).toEqual([first, second]);
  });
});
