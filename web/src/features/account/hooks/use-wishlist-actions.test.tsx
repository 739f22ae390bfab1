import { messages, type WishlistItem } from '@threadline/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { customer, renderAccount, storeSignIn } from '@/test/render-account.tsx';
import { requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { productFixture } from '@/test/shop-fixtures.ts';
import { useWishlistActions } from './use-wishlist-actions.ts';

function Heart() {
  const { toggleWishlist, wishlistProductIds } = useWishlistActions();
  const [answer, setAnswer] = useState<string>('');
  return (
    <div>
      <p>Saved: {[...wishlistProductIds].join(',') || 'none'}</p>
      <p>Answer: {answer}</p>
      <button type="button" onClick={() => void toggleWishlist(7).then((saved) => setAnswer(String(saved)))}>
        Toggle
      </button>
    </div>
  );
}

const saved: WishlistItem = { id: 1, product: productFixture({ id: 3 }), has_options: false, created_at: '2026-03-01T00:00:00Z' };

function stubWishlist() {
  let items = [saved];
  return stubApi([
    [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })],
    [/^\/api\/users\/profile\//, () => customer],
    [/^\/api\/users\/wishlist\/$/, () => items],
    [
      /^\/api\/users\/wishlist\/toggle\//,
      () => {
        items = [...items, { id: 2, product: productFixture({ id: 7 }), has_options: false, created_at: '2026-03-02T00:00:00Z' }];
        return { success: true, message: messages.wishlistAdded, in_wishlist: true };
      },
    ],
  ]);
}

describe('useWishlistActions', () => {
  it('sends a guest to sign in with the way back, and resolves false', async () => {
    const fetchMock = stubWishlist();
    const { router } = renderAccount([{ path: '/product/:id', element: <Heart /> }], { path: '/product/7?tab=details' });
    const user = userEvent.setup();

    expect(await screen.findByText('Saved: none')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.state).toEqual({ returnTo: '/product/7?tab=details', message: messages.signInRequired });
    expect(requestedPaths(fetchMock, '/api/users/wishlist/')).toHaveLength(0);
  });

  it('keeps a tap made while the stored sign-in is still being checked, and saves the product once it is', async () => {
    storeSignIn();
    let answerProfile = () => {};
    const profileChecked = new Promise<void>((resolve) => {
      answerProfile = resolve;
    });
    const fetchMock = stubApi([
      [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })],
      [/^\/api\/users\/profile\//, async () => (await profileChecked, customer)],
      [/^\/api\/users\/wishlist\/$/, () => []],
      [/^\/api\/users\/wishlist\/toggle\//, () => ({ success: true, message: messages.wishlistAdded, in_wishlist: true })],
    ]);
    renderAccount([{ path: '/product/:id', element: <Heart /> }], { path: '/product/7' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(requestedPaths(fetchMock, '/api/users/wishlist/toggle/')).toHaveLength(0);
    answerProfile();

    expect(await screen.findByText('Answer: true')).toBeVisible();
    expect(requestedPaths(fetchMock, '/api/users/wishlist/toggle/')).toHaveLength(1);
  });

  it("knows the customer's saved products and toggles one", async () => {
    storeSignIn();
    stubWishlist();
    renderAccount([{ path: '/product/:id', element: <Heart /> }], { path: '/product/7' });
    const user = userEvent.setup();

    expect(await screen.findByText('Saved: 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));

    expect(await screen.findByText('Answer: true')).toBeVisible();
    expect(await screen.findByText('Saved: 3,7')).toBeVisible();
  });
});
