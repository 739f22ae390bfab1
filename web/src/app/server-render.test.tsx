import { defaultStoreSettings, fallbackRates, pageStateElementId, type CurrencyCode, type FetchApi } from '@threadline/contracts';
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/entry-server.tsx';
import { requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { categoryFixture, detailFixture, listedFixture, productFixture, shopResponseFixture } from '@/test/shop-fixtures.ts';
import { startApp } from './start-app.tsx';

const origin = 'https://threadline.test';
const runner = productFixture({ id: 1, name: 'Kingston Runner', price: 14500 });
const hat = productFixture({ id: 2, name: 'Irie Bucket Hat', price: 3500, category: { slug: 'hats', name: 'Hats' } });

/** The day's rates the server holds, unlike the SPEC's fallback rates a browser starts from. */
const serverRates = { ...fallbackRates, USD: 0.0063 };

/** The API's answers the server reads in-process, by path; anything else is a 404. */
const answers: Record<string, unknown> = {
  '/api/home/': { featured_products: [runner, hat].map(listedFixture), categories: [categoryFixture({ slug: 'hats', name: 'Hats' })] },
  '/api/product/1/': detailFixture({ product: runner, related_products: [hat] }),
  '/api/shop/?search=hat&sort=price_low&page=1': shopResponseFixture([hat]),
  '/api/shop/?category=hats&page=1': shopResponseFixture([hat]),
  '/api/shop/?category=ties&page=1': shopResponseFixture([]),
  '/api/rates/': { base: 'JMD', rates: serverRates, fetched_on: '2026-11-25', source: 'live' },
  // The owner has changed the shop's phone: every footer shows the new one.
  '/api/store/': { ...defaultStoreSettings, store: { ...defaultStoreSettings.store, phone: '+1 (876) 555-0199' } },
};
const errorAnswers: Record<string, number> = { '/api/product/abc/': 400, '/api/shop/?min_price=9&max_price=1&page=1': 400 };
const fetchApi = vi.fn<FetchApi>(async (apiPath) =>
  apiPath in answers ? { status: 200, body: answers[apiPath] } : { status: errorAnswers[apiPath] ?? 404, body: undefined },
);

/** Puts a page the server rendered into the document, as the shop's HTML carries it. */
async function serverPage(path: string, currency: CurrencyCode = 'JMD') {
  const page = await renderPage({ url: path, origin, fetchApi, currency });
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

// Apps started by a test, unmounted after it: React's scheduled work must not outlive the page.
const startedApps: Root[] = [];
const reactEventWrapper = getConfig().eventWrapper;

afterEach(() => {
  for (const app of startedApps.splice(0)) app.unmount();
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

  it('renders the footer with the owner’s store details, which hydration keeps without reading them again', async () => {
    const fetchMock = stubApi([]);
    const { root } = await serverPage('/');
    const phone = () => within(within(root).getByRole('contentinfo')).getByRole('link', { name: '+1 (876) 555-0199' });
    expect(phone()).toHaveAttribute('href', 'tel:+18765550199');
    const link = phone();
    const removed = watchRemovals(root);
    startedApps.push(await startApp(root));
    expect(phone()).toBe(link);
    expect(removed).not.toContain(link);
    expect(requestedPaths(fetchMock, '/api/store/')).toEqual([]);
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

  it('leaves a page whose data failed, and pages that depend on the shopper, to the browser', async () => {
    for (const url of ['/shop?min_price=9&max_price=1', '/cart', '/checkout']) {
      expect(await renderPage({ url, origin, fetchApi, currency: 'JMD' }), url).toBeNull();
    }
  });

  it('renders the not-found page with a 404 for a product or category that does not exist, and for an unknown path', async () => {
    for (const path of ['/product/99', '/product/abc', '/shop/category/ties', '/categories/ties', '/no-such-page']) {
      const { page, root } = await serverPage(path);
      expect(page.status, path).toBe(404);
      expect(within(root).getByRole('heading', { level: 1, name: "This look isn't in our collection" }), path).toBeInTheDocument();
      expect(within(root).getByRole('link', { name: 'Go Home' }), path).toHaveAttribute('href', '/');
      expect(page.title, path).toBe('Page Not Found | Threadline');
    }
  });

  it('renders a category the shop has, and a category filter that lists nothing, as found', async () => {
    expect((await serverPage('/shop/category/hats')).page.status).toBe(200);
    expect((await serverPage('/shop?category=ties')).page.status).toBe(200);
  });

  it("renders prices in the shopper's currency at the server's rates of the day", async () => {
    const { page, root } = await serverPage('/product/1', 'USD');
    // J$14,500 at 0.0063.
    expect(within(root).getAllByText('US$91.35')[0]).toBeInTheDocument();
    expect(within(root).queryByText(/J\$/)).toBeNull();
    expect(JSON.parse(page.state)).toMatchObject({ currency: { code: 'USD', rates: serverRates } });
  });

  it('escapes the page state so no text in it can end its script', async () => {
    const sneaky = productFixture({ id: 1, name: 'Runner </script><script>alert(1)</script>' });
    fetchApi.mockImplementationOnce(async () => ({ status: 200, body: detailFixture({ product: sneaky }) }));
    const page = await renderPage({ url: '/product/1', origin, fetchApi, currency: 'JMD' });
    expect(page?.state).not.toContain('<');
    expect(JSON.stringify(JSON.parse(page?.state ?? '{}'))).toContain(sneaky.name);
  });
});

describe('the browser hydrates the page the server rendered', () => {
  // The app hydrates outside React's act(), as in a browser; Testing Library would make each tap
  // inside one, whose queue then holds work the app scheduled outside it (a part woken later was
  // seen never to hydrate). Taps here reach the page as a browser's do.
  beforeAll(() => configure({ eventWrapper: (tap) => tap() }));
  afterAll(() => configure({ eventWrapper: reactEventWrapper }));
  it('keeps the server markup, asks for nothing the page already holds, and then works', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([[/^\/api\/product\/1\/$/, () => answers['/api/product/1/']]]);
    const { root } = await serverPage('/');
    const card = within(root).getByRole('link', { name: 'Kingston Runner' });
    const removed = watchRemovals(root);

    startedApps.push(await startApp(root));

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

  it("keeps the server's prices in the shopper's currency as the page hydrates, and tells the server a choice", async () => {
    const user = userEvent.setup();
    stubApi([[/^\/api\/rates\/$/, () => answers['/api/rates/']]]);
    localStorage.setItem('currency', 'USD');
    const { root } = await serverPage('/', 'USD');
    const prices = within(root).getAllByText('US$91.35');
    const removed = watchRemovals(root);

    startedApps.push(await startApp(root));
    await screen.findByRole('button', { name: 'Next slide' });
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(removed).toEqual([]);
    expect(within(root).getAllByText('US$91.35')).toEqual(prices);
    await user.click(screen.getByRole('button', { name: 'Currency: USD' }));
    await user.click(await screen.findByRole('menuitemradio', { name: /JMD/ }));
    expect(document.cookie).toContain('currency=JMD');
    // Every island wakes for a currency the server did not render, and hydrates in the next turns.
    expect((await within(root).findAllByText('J$14,500.00'))[0]).toBeInTheDocument();
  });

  it('switches to a choice stored before the cookie existed once hydrated, and sets the cookie for the next page', async () => {
    stubApi([]);
    localStorage.setItem('currency', 'USD');
    document.cookie = 'currency=; Max-Age=0; Path=/';
    const { root } = await serverPage('/');
    expect(within(root).getByText('J$14,500.00')).toBeInTheDocument();

    startedApps.push(await startApp(root));

    expect((await within(root).findAllByText('US$92.80'))[0]).toBeInTheDocument();
    expect(document.cookie).toContain('currency=USD');
  });

  it('hydrates the not-found page of a missing product, whose links then work in the app', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([]);
    const { root } = await serverPage('/product/99');
    const heading = within(root).getByRole('heading', { level: 1 });
    const removed = watchRemovals(root);

    startedApps.push(await startApp(root));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(removed).toEqual([]);
    expect(within(root).getByRole('heading', { level: 1 })).toBe(heading);
    expect(requestedPaths(fetchMock, '/api/product/')).toEqual([]);
    await user.click(within(root).getByRole('link', { name: 'Browse the Shop' }));
    // A tap on a part not yet hydrated is made once it is.
    await waitFor(() => expect(window.location.pathname).toBe('/shop'));
  });

  it('makes a tap on a button that landed before hydration once the page is hydrated', async () => {
    stubApi([]);
    const { root } = await serverPage('/');
    const started = startApp(root);
    within(root).getByRole('button', { name: 'Next slide' }).click();
    startedApps.push(await started);

    await waitFor(() => expect(within(root).getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true'));
  });
});
