import { messages, type WishlistItem } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import type { ShopActions } from '@/lib/shop-actions.tsx';
import { customer, renderAccount, storeSignIn } from '@/test/render-account.tsx';
import { stubApi, stubShopActions } from '@/test/render-shop.tsx';
import { productFixture } from '@/test/shop-fixtures.ts';
import { WishlistPage } from './wishlist-page.tsx';

const runner: WishlistItem = {
  id: 1,
  product: productFixture({ id: 1, name: 'Kingston Runner' }),
  has_options: true,
  created_at: '2026-03-01T00:00:00Z',
};
const cap: WishlistItem = {
  id: 2,
  product: productFixture({ id: 2, name: 'Irie Snapback Cap', price: 3500 }),
  has_options: false,
  created_at: '2026-03-02T00:00:00Z',
};

function renderWishlist(items: WishlistItem[], actions?: ShopActions) {
  storeSignIn();
  let saved = [...items];
  const fetchMock = stubApi([
    [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })],
    [/^\/api\/users\/profile\//, () => customer],
    [/^\/api\/users\/wishlist\/$/, () => saved],
    [
      /^\/api\/users\/wishlist\/toggle\//,
      (_url, init) => {
        const { product_id: id } = JSON.parse(String(init?.body)) as { product_id: number };
        saved = saved.filter((item) => item.product.id !== id);
        return { success: true, message: messages.wishlistRemoved, in_wishlist: false };
      },
    ],
  ]);
  const view = renderAccount([{ path: '/wishlist', element: <WishlistPage /> }], { path: '/wishlist', ...(actions ? { actions } : {}) });
  return { ...view, fetchMock };
}

describe('the wishlist', () => {
  it('removes an item and says so', async () => {
    renderWishlist([runner, cap]);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Kingston Runner from wishlist' }));

    expect(await screen.findByText(messages.wishlistRemoved)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Kingston Runner' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Irie Snapback Cap' })).toBeVisible();
  });

  it('adds an item to the cart with quantity 1 and no options', async () => {
    const actions = stubShopActions();
    renderWishlist([cap], actions);
    const user = userEvent.setup();

    await user.click(
      within(await screen.findByRole('article', { name: 'Irie Snapback Cap' })).getByRole('button', { name: 'Add to Cart' }),
    );

    expect(await screen.findByText(messages.wishlistAddedToCart)).toBeVisible();
    expect(actions.addToCart).toHaveBeenCalledWith(
      { product_id: 2, quantity: 1, variant_size: null, variant_color: null },
      'Irie Snapback Cap',
    );
  });

  it("offers 'Choose Options', linking to the product page, from the start for a product with sizes or colours", async () => {
    const actions = stubShopActions();
    renderWishlist([runner, cap], actions);

    const card = await screen.findByRole('article', { name: 'Kingston Runner' });
    expect(within(card).getByRole('link', { name: 'Choose Options' })).toHaveAttribute('href', '/product/1');
    expect(within(card).queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Irie Snapback Cap' })).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByText(/comes in more than one option/)).toBeNull();
    expect(actions.addToCart).not.toHaveBeenCalled();
  });

  it('links to the product page when the cart needs a size or colour chosen that the product gained since the list loaded', async () => {
    const addToCart = vi.fn<ShopActions['addToCart']>().mockRejectedValue(new ApiError(400, messages.cartChooseOption('Size')));
    renderWishlist([{ ...runner, has_options: false }], stubShopActions({ addToCart }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByRole('link', { name: 'Choose Options' })).toHaveAttribute('href', '/product/1');
    expect(screen.getByRole('alert')).toHaveTextContent('Kingston Runner comes in more than one option.');
  });

  it('says when adding failed for another reason', async () => {
    const addToCart = vi.fn<ShopActions['addToCart']>().mockRejectedValue(new ApiError(409, 'Sorry, Irie Snapback Cap is out of stock.'));
    renderWishlist([cap], stubShopActions({ addToCart }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.wishlistAddToCartFailed);
  });

  it("shows 'Your wishlist is empty' with a way to the shop", async () => {
    renderWishlist([]);
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');
  });
});
