import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { categoryFixture, listedFixture, productFixture } from '@/test/shop-fixtures.ts';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { CategoriesPage } from './categories-page.tsx';
import { HomePage } from './home-page.tsx';

const pages = [
  { index: true, Component: HomePage },
  { path: 'categories', Component: CategoriesPage },
];

describe('home page', () => {
  it('lists best sellers and links each category to its shop page', async () => {
    stubApi([
      [
        /^\/api\/home\/$/,
        () => ({
          featured_products: [
            listedFixture(productFixture({ id: 1, name: 'Kingston Runner' })),
            listedFixture(productFixture({ id: 2, name: 'Irie Bucket Hat' })),
          ],
          categories: [categoryFixture({ slug: 'hats', name: 'Hats', product_count: 10 })],
        }),
      ],
    ]);
    renderShop(pages, { path: '/' });

    const bestSellers = within(await screen.findByRole('region', { name: 'Best Sellers' }));
    expect(await bestSellers.findByRole('link', { name: 'Kingston Runner' })).toHaveAttribute('href', '/product/1');
    expect(bestSellers.getByRole('link', { name: 'Irie Bucket Hat' })).toBeVisible();
    const categories = within(screen.getByRole('region', { name: 'Shop by Category' }));
    expect(categories.getByRole('link', { name: /Hats/ })).toHaveAttribute('href', '/shop/category/hats');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the raw error with Try Again, which reloads the page', async () => {
    const user = userEvent.setup();
    const reload = vi.fn<() => void>();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    stubApi([[/^\/api\/home\/$/, () => json({ error: 'Database is resting' }, 500)]]);
    renderShop(pages, { path: '/' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    expect(within(alert).getByText('Database is resting')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
  });
});

describe('categories page', () => {
  it('shows the four fixed categories, each linking to the filtered shop', async () => {
    stubApi([[/^\/api\/shop\/categories\/$/, () => ({ categories: [], hierarchical_categories: [] })]]);
    renderShop(pages, { path: '/categories' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shop by Category' })).toBeVisible();
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      [expect.stringContaining('Sneakers'), '/shop?category=sneakers'],
      [expect.stringContaining('Hats'), '/shop?category=hats'],
      [expect.stringContaining('T-Shirts'), '/shop?category=tshirts'],
      [expect.stringContaining('Accessories'), '/shop?category=accessories'],
    ]);
  });
});
