import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartFixture, cartItemFixture, fakeCartApi, startTestSession } from '@/test/cart-fixtures.ts';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { CartPanelBody } from './cart-panel-body.tsx';

beforeEach(startTestSession);

function renderPanel(api: ReturnType<typeof fakeCartApi>, ...before: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi([...before, api.handler]);
  const onClose = vi.fn<() => void>();
  const pages = [
    { path: '/', element: <CartPanelBody onClose={onClose} /> },
    { path: '/shop', element: <h1>Shop</h1> },
  ];
  const view = renderShop(pages, { path: '/' });
  return { ...view, fetchMock, onClose };
}

describe('cart slide-out', () => {
  it('shows three skeleton lines while loading, then the empty cart with a way back to the shop', async () => {
    const user = userEvent.setup();
    const { container, onClose } = renderPanel(fakeCartApi(cartFixture([])));
    expect(container.querySelector('[aria-busy="true"]')?.children).toHaveLength(4);
    expect(screen.getByText('Loading your cart…')).toBeInTheDocument();

    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    const shop = screen.getByRole('link', { name: 'Continue Shopping' });
    expect(shop).toHaveAttribute('href', '/shop');
    await user.click(shop);
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Shop' })).toBeVisible();
  });

  it('shows each line with its picture, prices and the summary with the ways on', async () => {
    const remote = cartItemFixture({
      id: 2,
      product_id: 2,
      name: 'Blue Mountain Tee',
      variant: 'M / Blue',
      image: 'https://cdn.example.com/tee.webp',
    });
    const plain = cartItemFixture({
      id: 3,
      product_id: 3,
      name: 'Gift Card',
      variant: '',
      image: null,
      images: [],
      quantity: 15,
      is_wholesale: true,
    });
    renderPanel(fakeCartApi(cartFixture([cartItemFixture({ quantity: 2 }), remote, plain], { wholesale_applied: true })));

    const lines = within(await screen.findByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    const picture = (line: HTMLElement | undefined) => line?.querySelector('img')?.getAttribute('src');
    expect(picture(lines[0])).toBe('/static/media/products/p1-1-640.webp');
    expect(picture(lines[1])).toBe('https://cdn.example.com/tee.webp');
    expect(picture(lines[2])).toBe('/static/media/placeholder-640.webp');
    expect(within(lines[0] as HTMLElement).getByText('9 / Black')).toBeVisible();
    expect(within(lines[0] as HTMLElement).getByText('J$23,800.00')).toBeVisible();
    expect(within(lines[0] as HTMLElement).getByText('J$11,900.00')).toBeVisible();
    expect(within(lines[2] as HTMLElement).getByText('Wholesale')).toBeVisible();

    expect(screen.getByText('Items').nextElementSibling).toHaveTextContent('18');
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('J$214,200.00');
    expect(screen.getByText('Shipping').nextElementSibling).toHaveTextContent('Calculated at checkout');
    expect(screen.getByText('Wholesale pricing applied: 15+ items of one style')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  });

  it('removes a line with minus at 1, says so, and keeps plus off at the stock limit', async () => {
    const user = userEvent.setup();
    const cap = cartItemFixture({ id: 2, product_id: 7, name: 'Port Royal Cap', variant: '', quantity: 5, stock: 5 });
    const api = fakeCartApi(cartFixture([cartItemFixture({ quantity: 1 }), cap]));
    renderPanel(api);

    expect(await screen.findByRole('button', { name: 'Add one Port Royal Cap' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove one Port Royal Cap' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove Kingston Runner (9 / Black)' }));
    expect(screen.queryByRole('link', { name: 'Kingston Runner' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.sent).toEqual([{ method: 'PATCH', path: '/api/orders/cart/update/1/', body: { quantity: 0 } }]));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    expect(screen.getByText('Items').nextElementSibling).toHaveTextContent('5');
  });

  it('clears the cart at once, then reloads it', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([cartItemFixture()]));
    const { fetchMock } = renderPanel(api);
    await screen.findByRole('link', { name: 'Kingston Runner' });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    const cartReads = () =>
      fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/orders/cart/') && init?.method === 'GET').length;
    await waitFor(() => expect(cartReads()).toBe(2));
    expect(api.sent).toEqual([{ method: 'DELETE', path: '/api/orders/cart/', body: undefined }]);
  });

  it('offers Undo after Clear, which puts back every line and the promo code through the cart calls', async () => {
    const user = userEvent.setup();
    const cap = cartItemFixture({
      id: 2,
      product_id: 7,
      name: 'Port Royal Cap',
      variant: 'Red',
      selectedVariants: { Size: null, Color: 'Red' },
      quantity: 3,
    });
    const api = fakeCartApi(cartFixture([cartItemFixture({ quantity: 2 }), cap], { promo_code: 'WELCOME20', promo_code_valid: true }));
    const promoCalls: unknown[] = [];
    renderPanel(api, [
      /^\/api\/orders\/cart\/promo\//,
      (_url, init) => {
        promoCalls.push(JSON.parse(String(init?.body)));
        api.cart = { ...api.cart, promo_code: 'WELCOME20', promo_code_valid: true };
        return json({ success: true, message: 'Promo code applied', cart: api.cart });
      },
    ]);
    await screen.findByRole('link', { name: 'Kingston Runner' });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeVisible();
    // Clear went with the lines; focus is on what takes it back, not lost to the page.
    await waitFor(() => expect(undo).toHaveFocus());

    await user.click(undo);
    expect(await screen.findByText('Cart restored')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Items').nextElementSibling).toHaveTextContent('5');
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(api.sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'DELETE', path: '/api/orders/cart/', body: undefined },
      { method: 'POST', path: '/api/orders/cart/', body: { product_id: 1, quantity: 2, variant_size: '9', variant_color: 'Black' } },
      { method: 'POST', path: '/api/orders/cart/', body: { product_id: 7, quantity: 3, variant_size: null, variant_color: 'Red' } },
    ]);
    expect(promoCalls).toEqual([{ promo_code: 'WELCOME20' }]);
  });

  it('says why a line could not be put back', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([cartItemFixture()]));
    renderPanel(api);
    await screen.findByRole('link', { name: 'Kingston Runner' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    api.failWith(json({ error: 'Only 0 left in stock' }, 400));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 0 left in stock');
    expect(screen.getByText('Your cart is empty.')).toBeVisible();
  });

  it('offers Undo for ten seconds, then gives focus to Continue Shopping', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      renderPanel(fakeCartApi(cartFixture([cartItemFixture()])));
      await screen.findByRole('link', { name: 'Kingston Runner' });
      await user.click(screen.getByRole('button', { name: 'Clear' }));
      expect(await screen.findByRole('button', { name: 'Undo' })).toBeVisible();
      await vi.advanceTimersByTimeAsync(9_000);
      expect(screen.getByRole('button', { name: 'Undo' })).toBeVisible();
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveFocus());
    } finally {
      vi.useRealTimers();
    }
  });
});
