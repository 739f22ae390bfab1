import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultStoreSettings } from '@threadline/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartFixture, cartItemFixture, fakeCartApi, startTestSession } from '@/test/cart-fixtures.ts';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { CartPage } from './cart-page.tsx';

const pages = [{ path: 'cart', Component: CartPage }];

beforeEach(startTestSession);

function renderCart(api: ReturnType<typeof fakeCartApi>) {
  const fetchMock = stubApi([api.handler]);
  return { ...renderShop(pages, { path: '/cart' }), fetchMock };
}

const quantityOf = (label = 'Kingston Runner (9 / Black)') => screen.getByRole('textbox', { name: `Quantity of ${label}` });

describe('cart page', () => {
  it('says the cart is empty and leads back to the shop', async () => {
    renderCart(fakeCartApi(cartFixture([])));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(screen.getByText('Start shopping to add items to your cart')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    expect(within(screen.getByRole('list', { name: 'Progress' })).getByText('Cart')).toHaveAttribute('aria-current', 'step');
    expect(document.title).toBe('Shopping Cart | Threadline');
  });

  it('shows skeletons while loading, then each line and the order summary', async () => {
    const cap = cartItemFixture({
      id: 2,
      product_id: 7,
      name: 'Port Royal Cap',
      variant: '',
      image: null,
      images: [{ image: '/static/media/products/p7-1-640.webp', alt_text: '' }],
      unit_price: 3500,
      quantity: 2,
    });
    const api = fakeCartApi(
      cartFixture([cartItemFixture(), cap], { total_discount: 500, promo_code: 'ISLAND500', promo_code_valid: true }),
    );
    const { container } = renderCart(api);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();

    const runner = await screen.findByRole('link', { name: 'Kingston Runner' });
    expect(runner).toHaveAttribute('href', '/product/1');
    expect(screen.getByRole('link', { name: 'Port Royal Cap' })).toHaveAttribute('href', '/product/7');
    expect(screen.getByText('9 / Black')).toBeVisible();
    expect(screen.getByText('J$3,500.00', { exact: false })).toBeVisible();
    expect(quantityOf('Port Royal Cap')).toHaveValue('2');
    expect(quantityOf('Port Royal Cap')).toHaveAttribute('readonly');

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    const row = (term: string) => within(summary).getByText(term).parentElement;
    expect(row('Subtotal')).toHaveTextContent('J$18,900.00');
    expect(row('Shipping')).toHaveTextContent('Calculated at checkout');
    expect(row('Discount')).toHaveTextContent('-J$500.00');
    await waitFor(() => expect(row('GCT')).toHaveTextContent('J$0.00'));
    expect(row('Total')).toHaveTextContent('J$18,400.00');
    expect(within(summary).getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it("charges the owner's tax rate on the goods after discount, as checkout does", async () => {
    const api = fakeCartApi(cartFixture([cartItemFixture()], { total_discount: 500, promo_code: 'ISLAND500', promo_code_valid: true }));
    stubApi([api.handler, [/^\/api\/store\/$/, () => ({ ...defaultStoreSettings, tax: { ...defaultStoreSettings.tax, rate: 15 } })]]);
    renderShop(pages, { path: '/cart' });
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    const row = (term: string) => within(summary).getByText(term).parentElement;
    // 11,900 less 500 is 11,400; 15% of it is 1,710.
    await waitFor(() => expect(row('GCT')).toHaveTextContent('J$1,710.00'));
    expect(row('Total')).toHaveTextContent('J$13,110.00');
  });

  it('shows the GCT the prices hold beneath the total, which stays what the shelf prices add up to', async () => {
    const api = fakeCartApi(cartFixture([cartItemFixture()], { total_discount: 500, promo_code: 'ISLAND500', promo_code_valid: true }));
    stubApi([
      api.handler,
      [
        /^\/api\/store\/$/,
        () => ({ ...defaultStoreSettings, tax: { name: 'GCT', rate: 15, prices_include_tax: true, registration_number: '001-234-567' } }),
      ],
    ]);
    renderShop(pages, { path: '/cart' });
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    const row = (term: string) => within(summary).getByText(term).parentElement;
    // 11,900 less 500 is 11,400, which holds 11,400 × 15/115 = 1,486.956… → J$1,486.96 of GCT.
    await waitFor(() => expect(row('Includes GCT')).toHaveTextContent('J$1,486.96'));
    expect(row('Total')).toHaveTextContent('J$11,400.00');
    expect(within(summary).queryByText('GCT')).toBeNull();
    const terms = within(summary)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms.indexOf('Includes GCT')).toBeGreaterThan(terms.indexOf('Total'));
  });

  it('changes a quantity at once, then shows what the server answered', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([cartItemFixture({ quantity: 1, stock: 3 })]));
    renderCart(api);
    await screen.findByRole('link', { name: 'Kingston Runner' });

    const open = api.hold();
    await user.click(screen.getByRole('button', { name: 'Add one Kingston Runner (9 / Black)' }));
    await user.click(screen.getByRole('button', { name: 'Add one Kingston Runner (9 / Black)' }));
    // Both clicks show before any answer; the requests go one after the other, in order.
    expect(quantityOf()).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Add one Kingston Runner (9 / Black)' })).toBeDisabled();
    expect(screen.getByText('3 available')).toBeVisible();
    await waitFor(() => expect(api.sent).toEqual([{ method: 'PATCH', path: '/api/orders/cart/update/1/', body: { quantity: 2 } }]));

    act(open);
    await waitFor(() => expect(api.sent).toHaveLength(2));
    expect(api.sent[1]).toEqual({ method: 'PATCH', path: '/api/orders/cart/update/1/', body: { quantity: 3 } });
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(within(summary).getByText('Subtotal').parentElement).toHaveTextContent('J$35,700.00'));
    expect(quantityOf()).toHaveValue('3');
    expect(screen.getByText('Cart updated')).toBeInTheDocument();
  });

  it('shows a refused change with the server reason and goes back to the server cart', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([cartItemFixture({ quantity: 2 })]));
    renderCart(api);
    await screen.findByRole('link', { name: 'Kingston Runner' });

    const reason = 'Only 2 of Kingston Runner (9 / Black) available, and you already have 2 in your cart.';
    api.failWith(json({ error: reason }, 409));
    await user.click(screen.getByRole('button', { name: 'Add one Kingston Runner (9 / Black)' }));
    expect(await screen.findByText(reason)).toBeVisible();
    expect(quantityOf()).toHaveValue('2');
    expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument();
  });

  it('keeps a change it could not send (at least 1), says so, and sends it once back online', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([cartItemFixture({ quantity: 2 })]));
    renderCart(api);
    await screen.findByRole('link', { name: 'Kingston Runner' });

    api.failWith('network');
    await user.click(screen.getByRole('button', { name: 'Add one Kingston Runner (9 / Black)' }));
    expect(await screen.findByText('Network error - please check your connection and try again')).toBeVisible();
    expect(quantityOf()).toHaveValue('3');
    expect(screen.getByText('Not saved yet: the total still counts 2.')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Order Summary' })).getByText('Subtotal').parentElement).toHaveTextContent(
      'J$23,800.00',
    );

    api.failWith(null);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument());
    expect(api.cart.items[0]?.quantity).toBe(3);
    expect(quantityOf()).toHaveValue('3');
    expect(localStorage.getItem('pendingCartItems')).toBeNull();
  });

  it('keeps the last unit when taking it away fails, and removes a line locally when its removal fails', async () => {
    const user = userEvent.setup();
    const cap = cartItemFixture({ id: 2, product_id: 7, name: 'Port Royal Cap', variant: '', quantity: 1 });
    const api = fakeCartApi(cartFixture([cartItemFixture({ quantity: 1 }), cap]));
    renderCart(api);
    await screen.findByRole('link', { name: 'Kingston Runner' });

    api.failWith('network');
    await user.click(screen.getByRole('button', { name: 'Remove Kingston Runner (9 / Black)' }));
    expect(await screen.findByText('Network error - please check your connection and try again')).toBeVisible();
    expect(quantityOf()).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Remove Port Royal Cap from cart' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Port Royal Cap' })).not.toBeInTheDocument());
    const waiting = screen.getByRole('region', { name: 'Not saved yet' });
    expect(waiting).toHaveTextContent('Port Royal Cap removed (still in the total until saved)');

    api.failWith(null);
    await user.click(within(waiting).getByRole('button', { name: 'Try again now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Not saved yet' })).not.toBeInTheDocument());
    expect(api.cart.items.map((item) => item.name)).toEqual(['Kingston Runner']);
  });

  it('offers a retry when the cart cannot be loaded', async () => {
    const user = userEvent.setup();
    const api = fakeCartApi(cartFixture([cartItemFixture()]));
    let failing = true;
    stubApi([
      [
        /^\/api\/orders\/cart\/$/,
        (url, init) => (failing ? json({ error: 'Something went wrong on our side. Please try again.' }, 500) : api.handler[1](url, init)),
      ],
    ]);
    renderShop(pages, { path: '/cart' });
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeVisible();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Kingston Runner' })).toBeVisible();
  });
});

describe('promo code box', () => {
  async function renderWithPromo(overrides: Parameters<typeof cartFixture>[1] = {}) {
    const api = fakeCartApi(cartFixture([cartItemFixture()], overrides));
    const promo: { status: number; body: unknown }[] = [];
    const hold = { open: () => undefined as void, gate: null as Promise<void> | null };
    const fetchMock = stubApi([
      [
        /^\/api\/orders\/cart\/promo\/$/,
        async () => {
          if (hold.gate) await hold.gate;
          const answer = promo.shift() ?? { status: 500, body: { error: 'unexpected' } };
          if (answer.status === 200) {
            const body = answer.body as { cart: typeof api.cart };
            api.cart = body.cart;
          }
          return json(answer.body, answer.status);
        },
      ],
      api.handler,
    ]);
    const { queryClient } = renderShop(pages, { path: '/cart' });
    await screen.findByRole('link', { name: 'Kingston Runner' });
    const holdAnswers = () => {
      hold.gate = new Promise<void>((resolve) => {
        hold.open = () => {
          hold.gate = null;
          resolve();
        };
      });
      return () => hold.open();
    };
    return { api, promo, fetchMock, holdAnswers, queryClient };
  }

  const promoRequests = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/orders/cart/promo/'))
      .map(([, init]) => ({ method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined }));

  it('applies a trimmed code on Enter, says Applying... meanwhile, then shows it applied in green', async () => {
    const user = userEvent.setup();
    const { api, promo, fetchMock, holdAnswers } = await renderWithPromo();
    promo.push({
      status: 200,
      body: {
        success: true,
        message: 'Promo code applied successfully!',
        cart: { ...api.cart, promo_code: 'WELCOME20', promo_code_valid: true, total_discount: 2380, total: 9520 },
      },
    });

    const open = holdAnswers();
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), '  welcome20 {Enter}');
    expect(screen.getByRole('button', { name: 'Applying...' })).toBeDisabled();
    act(open);

    const message = await screen.findByText('Promo code applied successfully!');
    expect(message).toHaveClass('text-green-700');
    expect(screen.getByText('Promo code "WELCOME20" applied')).toBeVisible();
    expect(promoRequests(fetchMock)).toEqual([{ method: 'POST', body: { promo_code: 'welcome20' } }]);
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Total').parentElement).toHaveTextContent('J$9,520.00');
  });

  it('lets the cart speak once a change makes the applied code stop counting', async () => {
    const user = userEvent.setup();
    const { api, promo, queryClient } = await renderWithPromo();
    promo.push({
      status: 200,
      body: {
        success: true,
        message: 'Promo code applied successfully!',
        cart: { ...api.cart, promo_code: 'ISLAND500', promo_code_valid: true },
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'ISLAND500{Enter}');
    expect(await screen.findByText('Promo code applied successfully!')).toBeVisible();

    api.cart = { ...api.cart, promo_code_valid: false, promo_message: 'This code needs a subtotal of at least J$5,000.00.' };
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText('This code needs a subtotal of at least J$5,000.00.')).toBeVisible();
    expect(screen.queryByText('Promo code applied successfully!')).not.toBeInTheDocument();
  });

  it('ignores a blank code', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await renderWithPromo();
    const input = screen.getByRole('textbox', { name: 'Promo code' });
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(promoRequests(fetchMock)).toEqual([]);
  });

  it('shows a refusal in red', async () => {
    const user = userEvent.setup();
    const { promo } = await renderWithPromo();
    promo.push({ status: 400, body: { error: 'Invalid promo code' } });
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid promo code')).toHaveClass('text-red-700');
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveValue('NOPE');
  });

  it('removes an applied code, saying Removing... meanwhile', async () => {
    const user = userEvent.setup();
    const { api, promo, holdAnswers, fetchMock } = await renderWithPromo({ promo_code: 'WELCOME20', promo_code_valid: true });
    promo.push({
      status: 200,
      body: { success: true, message: 'Promo code removed successfully!', cart: { ...api.cart, promo_code: null } },
    });

    const open = holdAnswers();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Removing...' })).toBeDisabled();
    act(open);

    expect(await screen.findByText('Promo code removed successfully!')).toHaveClass('text-green-700');
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
    expect(promoRequests(fetchMock)).toEqual([{ method: 'DELETE', body: undefined }]);
  });

  it('says in red why an applied code gives no discount now', async () => {
    await renderWithPromo({
      promo_code: 'ISLAND500',
      promo_code_valid: false,
      promo_message: 'This code needs a subtotal of at least J$5,000.00.',
    });
    expect(screen.getByText('Promo code "ISLAND500" applied')).toBeVisible();
    expect(screen.getByText('This code needs a subtotal of at least J$5,000.00.')).toHaveClass('text-red-700');
  });
});
