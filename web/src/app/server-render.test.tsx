import { pageStateElementId, type FetchApi } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/entry-server.tsx';
import { requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { categoryFixture, detailFixture, productFixture, shopResponseFixture } from '@/test/shop-fixtures.ts';
import { startApp } from './start-app.tsx';

const origin = 'https://threadline.test';
const runner = productFixture({ id: 1, name: 'Kingston Runner', price: 14500 });
const hat = productFixture({ id: 2, name: 'Irie Bucket Hat', price: 3500, category: { slug: 'hats', name: 'Hats' } });

/** The API's answers the server reads in-process, by path; anything else is an error answer. */
const answers: Record<string, unknown> = {
  '/api/home/': { featured_products: [runner, hat], categories: [categoryFixture({ slug: 'hats', name: 'Hats' })] },
  '/api/product/1/': detailFixture({ product: runner, related_products: [hat] }),
  '/api/shop/?search=hat&sort=price_low&page=1': shopResponseFixture([hat]),
};
const fetchApi = vi.fn<FetchApi>(async (apiPath) => answers[apiPath]);

/** Puts a page the server rendered into the document, as the shop's HTML carries it. */
async function serverPage(path: string) {
  const page = await renderPage({ url: path, origin, fetchApi });
  if (!page) throw new Error(`the server renders ${path}`);
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="${pageStateElementId}">${page.state}</script>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return { page, root };
}

/** Elements the page took out of the server's markup from now on. */
function watchRemovals(root: HTMLElement) {
  const removed: Element[] = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.removedNodes) if (node instanceof Element) removed.push(node);
  }).observe(root, { childList: true, subtree: true });
  return removed;
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the server renders the catalogue pages', () => {
  it('renders the home page with its best sellers, and the head it names', async () => {
    const { page, root } = await serverPage('/');
    expect(within(root).getByRole('link', { name: 'Kingston Runner' })).toHaveAttribute('href', '/product/1');
    expect(within(root).getByText('J$14,500.00')).toBeInTheDocument();
    expect(within(root).getByRole('heading', { name: 'Best Sellers' })).toBeInTheDocument();
    expect(page.title).toBe('Threadline | Clothing & Merch from Kingston, Jamaica');
  });

  it('names a product page after the product, with its description', async () => {
    const { page, root } = await serverPage('/product/1');
    expect(within(root).getByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeInTheDocument();
    expect(page.title).toBe('Kingston Runner | Threadline');
    expect(page.description).toBe(runner.description);
    // Structured data names the shop's own origin, which only the request knows on the server.
    expect(root.querySelector('script[type="application/ld+json"]')?.textContent).toContain(`${origin}/product/1`);
  });

  it('renders the shop with the filters of its URL', async () => {
    const { root } = await serverPage('/shop?search=hat&sort=price_low');
    expect(fetchApi).toHaveBeenCalledWith('/api/shop/?search=hat&sort=price_low&page=1');
    expect(within(root).getByRole('link', { name: 'Irie Bucket Hat' })).toBeInTheDocument();
  });

  it('leaves a page without its data, and pages that depend on the shopper, to the browser', async () => {
    expect(await renderPage({ url: '/product/99', origin, fetchApi })).toBeNull();
    expect(await renderPage({ url: '/cart', origin, fetchApi })).toBeNull();
    expect(await renderPage({ url: '/checkout', origin, fetchApi })).toBeNull();
  });

  it('escapes the page state so no text in it can end its script', async () => {
    const sneaky = productFixture({ id: 1, name: 'Runner </script><script>alert(1)</script>' });
    fetchApi.mockImplementationOnce(async () => detailFixture({ product: sneaky }));
    const page = await renderPage({ url: '/product/1', origin, fetchApi });
    expect(page?.state).not.toContain('<');
    expect(JSON.stringify(JSON.parse(page?.state ?? '{}'))).toContain(sneaky.name);
  });
});

describe('the browser hydrates the page the server rendered', () => {
  it('keeps the server markup, asks for nothing the page already holds, and then works', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([[/^\/api\/product\/1\/$/, () => answers['/api/product/1/']]]);
    const { root } = await serverPage('/');
    const card = within(root).getByRole('link', { name: 'Kingston Runner' });
    const removed = watchRemovals(root);

    await startApp(root);

    const next = await screen.findByRole('button', { name: 'Next slide' });
    expect(removed).toEqual([]);
    expect(screen.getByRole('link', { name: 'Kingston Runner' })).toBe(card);
    expect(document.getElementById(pageStateElementId)).toBeNull();
    expect(requestedPaths(fetchMock, '/api/home/')).toEqual([]);

    // The carousel moves, and a product link goes through the router, not a page load.
    await user.click(next);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true'));
    await user.click(card);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/product/1');
  });

  it("shows prices in the shopper's chosen currency once the page has hydrated", async () => {
    stubApi([]);
    localStorage.setItem('currency', 'USD');
    const { root } = await serverPage('/');
    expect(within(root).getByText('J$14,500.00')).toBeInTheDocument();

    await startApp(root);

    expect((await within(root).findAllByText('US$92.80'))[0]).toBeInTheDocument();
    expect(within(root).queryByText('J$14,500.00')).toBeNull();
  });

  it('makes a tap on a button that landed before hydration once the page is hydrated', async () => {
    stubApi([]);
    const { root } = await serverPage('/');
    const started = startApp(root);
    within(root).getByRole('button', { name: 'Next slide' }).click();
    await started;

    await waitFor(() => expect(within(root).getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true'));
  });

  it('asks for the cart and starts a session only after hydrating', async () => {
    const fetchMock = stubApi([[/^\/api\/orders\/cart\/$/, () => ({ items: [], cart_count: 2, cart_total: 0 })]]);
    const { root } = await serverPage('/product/1');

    await startApp(root);

    await waitFor(() => expect(requestedPaths(fetchMock, '/api/orders/cart/')).toEqual(['/api/orders/cart/']));
    expect(requestedPaths(fetchMock, '/api/csrf/')).toEqual(['/api/csrf/']);
    expect(requestedPaths(fetchMock, '/api/product/')).toEqual([]);
  });
});
