import type { RatesResponse } from '@threadline/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { AppProviders } from '../providers.tsx';
import { Header, type HeaderProps } from './header.tsx';

const rates: RatesResponse = { base: 'JMD', rates: { JMD: 1, USD: 0.0064 }, source: 'live', fetched_on: '2026-11-01' };

function renderHeader(props: HeaderProps) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const body = String(input).startsWith('/api/rates/') ? rates : { categories: [], hierarchical_categories: [] };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <Header {...props} /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, fetchMock };
}

describe('header', () => {
  it('shows guests the main links, the Categories menu, Sign In and the cart count', async () => {
    renderHeader({ cartCount: 2, account: null });
    // The navigation's code arrives on its own (an island with code, ADR 30).
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/shop', '/contact']);
    expect(within(nav).getByRole('button', { name: 'Categories' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
  });

  it('switches the currency from the selector, remembering the choice', async () => {
    const user = userEvent.setup();
    renderHeader({ cartCount: 0, account: null });
    await user.click(await screen.findByRole('button', { name: 'Currency: JMD' }));
    await user.click(screen.getByRole('menuitemradio', { name: /USD/ }));

    expect(screen.getByRole('button', { name: 'Currency: USD' })).toHaveFocus();
    expect(localStorage.getItem('currency')).toBe('USD');
  });

  it('gives a signed-in shopper a menu of their pages and Sign out instead of Sign In', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn<() => void>();
    const { router } = renderHeader({ cartCount: 0, account: { customer: { first_name: 'Shanice', profile_picture: null }, onSignOut } });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    const button = await screen.findByRole('button', { name: 'Account: Shanice' });
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Orders', 'Addresses', 'Wishlist', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'Orders' })).toHaveAttribute('href', '/orders');

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Wishlist' }));
    expect(router.state.location.pathname).toBe('/wishlist');
  });

  it("shows the customer's profile picture in the account button, and the initial when there is none or it fails to load", async () => {
    const onSignOut = vi.fn<() => void>();
    const picture = '/static/media/profiles/5-ab12.webp';
    renderHeader({ cartCount: 0, account: { customer: { first_name: 'Shanice', profile_picture: picture }, onSignOut } });
    const button = await screen.findByRole('button', { name: 'Account: Shanice' });
    const avatar = button.querySelector('img');
    expect(avatar).toHaveAttribute('src', picture);
    expect(within(button).queryByText('S')).not.toBeInTheDocument();

    fireEvent.error(avatar as HTMLImageElement);
    expect(button.querySelector('img')).toBeNull();
    expect(within(button).getByText('S')).toBeVisible();
    cleanup();

    renderHeader({ cartCount: 0, account: { customer: { first_name: 'Shanice', profile_picture: null }, onSignOut } });
    const plain = await screen.findByRole('button', { name: 'Account: Shanice' });
    expect(plain.querySelector('img')).toBeNull();
    expect(within(plain).getByText('S')).toBeVisible();
  });
});
