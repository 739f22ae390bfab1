import { storageKeys } from '@threadline/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productFixture, shopResponseFixture } from '@/test/shop-fixtures.ts';
import { json, renderShop, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { CategoryPage } from './category-page.tsx';
import { ShopPage } from './shop-page.tsx';

const pages = [
  { path: 'shop', Component: ShopPage },
  { path: 'shop/category/:categorySlug', Component: ShopPage },
  { path: 'categories/:slug', Component: CategoryPage },
];

const products = Array.from({ length: 12 }, (_, index) => productFixture({ id: index + 1, name: `Product ${index + 1}` }));

function stubShop(answer = shopResponseFixture(products)) {
  return stubApi([[/^\/api\/shop\//, () => answer]]);
}

function lastShopQuery(fetchMock: ReturnType<typeof stubApi>): URLSearchParams {
  const paths = requestedPaths(fetchMock, '/api/shop/');
  return new URL(paths.at(-1) ?? '', 'http://localhost').searchParams;
}

describe('shop filters live in the URL', () => {
  it('reads every filter from the URL into the panel and the API query', async () => {
    const fetchMock = stubShop();
    renderShop(pages, {
      path: '/shop?category=hats&sort=price_low&search=cap&size=S%2FM&color=Green&min_price=1000&max_price=5000',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Hats' })).toBeVisible();
    expect(Object.fromEntries(lastShopQuery(fetchMock))).toEqual({
      category: 'hats',
      sort: 'price_low',
      search: 'cap',
      size: 'S/M',
      color: 'Green',
      min_price: '1000',
      max_price: '5000',
      page: '1',
    });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('hats');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_low');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('cap');
    expect(screen.getByRole('button', { name: 'S/M (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Green (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Minimum price in Jamaican Dollar' })).toHaveValue(1000);
    expect(screen.getByRole('spinbutton', { name: 'Maximum price in Jamaican Dollar' })).toHaveValue(5000);
  });

  it('writes each change to the URL, reloads from page 1, and Back restores the previous filters', async () => {
    const user = userEvent.setup();
    const fetchMock = stubShop();
    const { router } = renderShop(pages, { path: '/shop' });
    await screen.findByText('Products found');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: High to Low');
    expect(router.state.location.search).toBe('?sort=price_high');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'hats');
    expect(router.state.location.search).toBe('?category=hats&sort=price_high');
    await user.click(await screen.findByRole('button', { name: '9 (4)' }));
    expect(router.state.location.search).toBe('?category=hats&sort=price_high&size=9');
    await waitFor(() =>
      expect(Object.fromEntries(lastShopQuery(fetchMock))).toEqual({
        category: 'hats',
        sort: 'price_high',
        size: '9',
        page: '1',
      }),
    );

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?category=hats&sort=price_high');
    expect(screen.getByRole('button', { name: '9 (4)' })).toHaveAttribute('aria-pressed', 'false');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_high');
  });

  it('searches once typing pauses, and at once on Enter', async () => {
    const user = userEvent.setup();
    stubShop();
    const { router } = renderShop(pages, { path: '/shop' });
    const search = await screen.findByRole('searchbox', { name: 'Search' });

    await user.type(search, 'run');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?search=run'));
    // While searching, the API's default order is best match.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Best Match'));

    await user.clear(search);
    await user.type(search, 'cap{Enter}');
    expect(router.state.location.search).toBe('?search=cap');
    expect(search).toHaveValue('cap');
  });

  it('takes prices in the shopper currency and keeps JMD in the URL', async () => {
    localStorage.setItem(storageKeys.currency, 'USD');
    const user = userEvent.setup();
    stubShop();
    const { router } = renderShop(pages, { path: '/shop' });

    await user.type(await screen.findByRole('spinbutton', { name: 'Minimum price in US Dollar' }), '50');
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum price in US Dollar' }), '100');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));

    expect(router.state.location.search).toBe('?min_price=7812.5&max_price=15625');
    expect(screen.getByRole('button', { name: 'Remove filter US$50.00 – US$100.00' })).toBeVisible();
  });

  it('appends the next page on Load More, and starts over from page 1 when a filter changes', async () => {
    const user = userEvent.setup();
    const second = [productFixture({ id: 13, name: 'Product 13' })];
    const fetchMock = stubApi([
      [/page=2/, () => shopResponseFixture(second, { count: 13, previous: '/api/shop/?page=1' })],
      [/^\/api\/shop\//, () => shopResponseFixture(products, { count: 13, next: '/api/shop/?page=2' })],
    ]);
    renderShop(pages, { path: '/shop' });

    expect(await screen.findByText('Showing 12 of 13')).toBeVisible();
    expect(screen.getByText('13')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('link', { name: 'Product 13' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Product 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Black (5)' }));
    await screen.findByText('Showing 12 of 13');
    expect(requestedPaths(fetchMock, '/api/shop/').at(-1)).toBe('/api/shop/?color=Black&page=1');
  });

  it('shows No Products Found, and Clear Filters empties the URL', async () => {
    const user = userEvent.setup();
    stubShop(shopResponseFixture([]));
    const { router } = renderShop(pages, { path: '/shop?search=zzz&size=9' });

    expect(await screen.findByRole('heading', { name: 'No Products Found' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.pathname).toBe('/shop');
    expect(router.state.location.search).toBe('');
  });

  it('shows Error Loading Products with the reason, and Try Again asks again', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubApi([[/^\/api\/shop\//, () => (failing ? json({ error: 'Database is resting' }, 500) : shopResponseFixture(products))]]);
    renderShop(pages, { path: '/shop' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Products' })).toBeVisible();
    expect(within(alert).getByText('Database is resting')).toBeVisible();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Showing 12 of 12')).toBeVisible();
  });

  it('shows a loading message and skeleton cards until products arrive', async () => {
    stubApi([[/^\/api\/shop\//, () => new Promise(() => undefined)]]);
    renderShop(pages, { path: '/shop' });
    expect(await screen.findByText('Loading products…')).toBeVisible();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('category listings', () => {
  it('on /shop/category/{slug} takes the category from the path and keeps it there', async () => {
    const user = userEvent.setup();
    const fetchMock = stubShop();
    const { router } = renderShop(pages, { path: '/shop/category/sneakers' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sneakers' })).toBeVisible();
    expect(lastShopQuery(fetchMock).get('category')).toBe('sneakers');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'hats');
    expect(router.state.location.pathname).toBe('/shop/category/hats');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '');
    expect(router.state.location.pathname).toBe('/shop');
  });

  it('names a category the list does not hold from its address, never by its raw slug', async () => {
    stubShop();
    renderShop(pages, { path: '/shop?category=mens-tees' });
    const select = await screen.findByRole('combobox', { name: 'Category' });
    expect(select).toHaveValue('mens-tees');
    expect(within(select).getByRole('option', { name: 'Mens tees', selected: true })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: 'mens-tees' })).not.toBeInTheDocument();
  });

  it('on /categories/{slug} fixes the category and offers no category choice', async () => {
    const fetchMock = stubShop();
    renderShop(pages, { path: '/categories/hats' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hats' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    expect(lastShopQuery(fetchMock).get('category')).toBe('hats');
  });

  it('says so for an unknown category, with ways on', async () => {
    stubShop(shopResponseFixture([]));
    renderShop(pages, { path: '/categories/moon-boots' });
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that category" })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse Categories' })).toHaveAttribute('href', '/categories');
    expect(screen.getByRole('link', { name: 'Shop All' })).toHaveAttribute('href', '/shop');
  });
});
