import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartFixture, cartItemFixture, startTestSession } from '@/test/cart-fixtures.ts';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { pageNoticeOf } from '@/lib/page-notice.ts';
import { SharedCartPage } from './shared-cart-page.tsx';

const pages = [
  { path: '/cart/shared/:token', element: <SharedCartPage /> },
  { path: '/cart', element: <h1>Shopping Cart</h1> },
  { path: '/shop', element: <h1>Shop</h1> },
];

describe('the shared cart page', () => {
  it('says it is adding, then opens the cart with the server’s word on what was added, in place of the link in history', async () => {
    startTestSession();
    const cart = cartFixture([cartItemFixture({ name: 'Market Tote' })]);
    const fetchMock = stubApi([
      [/^\/api\/orders\/cart\/shared\/tok-1\/$/, () => ({ success: true, message: 'The shared items are in your cart.', cart })],
    ]);
    const { router } = renderShop(pages, { path: '/cart/shared/tok-1' });
    expect(screen.getByText('Adding the shared items to your cart…')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    expect(pageNoticeOf(router.state.location.state)).toBe('The shared items are in your cart.');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/cart/shared/'))).toHaveLength(1);
  });

  it('shows why a link that is not valid fills nothing, with the way back to the shop and no retry', async () => {
    startTestSession();
    stubApi([
      [
        /^\/api\/orders\/cart\/shared\//,
        () => json({ error: 'This shared cart link is not valid or has expired. Ask for a new one.' }, 404),
      ],
    ]);
    renderShop(pages, { path: '/cart/shared/nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This shared cart link is not valid or has expired. Ask for a new one.');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    expect(await screen.findByRole('heading', { name: 'Shop' })).toBeVisible();
  });

  it('offers another try when the server could not be reached, and opens the cart once it answers', async () => {
    startTestSession();
    let reachable = false;
    const cart = cartFixture([cartItemFixture()]);
    stubApi([
      [
        /^\/api\/orders\/cart\/shared\/tok-2\/$/,
        () =>
          reachable
            ? { success: true, message: 'The shared items are in your cart.', cart }
            : json({ error: 'Something went wrong on our side. Please try again.' }, 503),
      ],
    ]);
    renderShop(pages, { path: '/cart/shared/tok-2' });
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    reachable = true;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  });
});
