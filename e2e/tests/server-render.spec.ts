import { expect, test, type Page } from './shop-test.ts';

// The catalogue pages arrive rendered in their HTML (ADR 6). These journeys read that HTML as it
// arrives, before any script has run, and then what the shopper sees once the page has hydrated.

/** The markup the server put into #root: what a phone paints before the scripts run. */
function serverMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-state">');
  expect(start, 'the page was rendered on the server').toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

const priceText = /(?:US|J)?\$[\d,]+\.\d{2}/g;

/** Every price the page shows, in order. */
async function pricesShown(page: Page): Promise<string[]> {
  return (await page.getByRole('main').innerText()).match(priceText) ?? [];
}

/**
 * Records, from the first byte of the document on, every price text the page takes away or
 * rewrites: what hydration would do if the server's markup had the wrong currency.
 */
async function watchPriceChanges(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const changed: string[] = [];
    Object.assign(window, { changedPrices: changed });
    const isPrice = (text: string | null) => text !== null && /\$[\d,]+\.\d{2}/.test(text);
    new MutationObserver((records) => {
      for (const record of records) {
        // An island woken over the server's markup writes its texts again; the same text is no change.
        if (record.type === 'characterData' && isPrice(record.oldValue) && record.oldValue !== record.target.textContent)
          changed.push(record.oldValue ?? '');
        for (const node of record.removedNodes) if (isPrice(node.textContent)) changed.push(node.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true });
  });
}

test.describe('a page that does not exist', () => {
  for (const path of [
    '/product/999999',
    '/product/99999999999',
    '/product/abc',
    '/shop/category/no-such-category',
    '/categories/no-such-category',
    '/no-such-page',
  ]) {
    test(`${path} answers 404 with the not-found page in its HTML, which then works`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
      });

      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const markup = serverMarkup((await response?.text()) ?? '');
      expect(markup).toMatch(/This look isn(&#39;|&#x27;|')t in our collection/);
      expect(markup).toContain('href="/"');

      const heading = page.getByRole('heading', { level: 1, name: "This look isn't in our collection" });
      await expect(heading).toBeVisible();
      await expect(heading).toBeInViewport();
      await expect(page).toHaveTitle(/Page Not Found/);
      // The page state is taken once the app starts; the page is then the app's own.
      await expect(page.locator('#page-state')).toHaveCount(0);
      const home = page.getByRole('main').getByRole('link', { name: 'Go Home' });
      await expect(home).toBeInViewport();
      await home.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('region', { name: 'Best Sellers' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

test.describe("the shopper's currency from the first paint", () => {
  test('after choosing USD, /shop and /product/1 arrive in US$ and no price changes once they hydrate', async ({
    page,
    context,
    browser,
  }) => {
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Currency: JMD' }).click();
    await page.getByRole('menu', { name: 'Currency' }).getByRole('menuitemradio', { name: /USD/ }).click();
    await expect(page.getByRole('button', { name: 'Currency: USD' })).toBeVisible();
    const cookie = (await context.cookies()).find(({ name }) => name === 'currency');
    expect(cookie).toMatchObject({ value: 'USD', path: '/', sameSite: 'Lax' });
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    await watchPriceChanges(page);
    for (const path of ['/shop', '/product/1']) {
      const response = await page.goto(path);
      const markup = serverMarkup((await response?.text()) ?? '');
      expect(markup, path).toMatch(/US\$\d/);
      expect(markup, path).not.toContain('J$');
      expect(response?.headers().vary, path).toMatch(/cookie/i);

      await expect(page.getByRole('button', { name: 'Currency: USD' })).toBeVisible();
      await expect(page.locator('#page-state')).toHaveCount(0);
      const atLoad = await pricesShown(page);
      expect(atLoad.length, path).toBeGreaterThan(0);
      for (const price of atLoad) expect(price, path).toMatch(/^US\$\d{1,3}(,\d{3})*\.\d{2}$/);
      await page.waitForTimeout(1000);
      expect(await pricesShown(page), path).toEqual(atLoad);
      expect(await page.evaluate(() => (window as unknown as { changedPrices: string[] }).changedPrices), path).toEqual([]);
    }
    // J$11,900 at the fallback rate of 0.0064.
    await expect(page.getByRole('button', { name: 'Add to Cart - US$76.16' })).toBeVisible();

    // Another shopper, who chose nothing, is shown the same page in Jamaican dollars.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const response = await otherPage.goto('/product/1');
    const markup = serverMarkup((await response?.text()) ?? '');
    expect(markup).toContain('J$11,900.00');
    expect(markup).not.toContain('US$');
    await expect(otherPage.getByRole('button', { name: 'Currency: JMD' })).toBeVisible();
    await other.close();
  });
});

test.describe('an address carrying what no page reads', () => {
  test("a campaign's tags on / and /shop change nothing: the page arrives rendered, hydrates, and its filters work", async ({ page }) => {
    // Three pages and a change of sort, each hydrating: more than one page's time on a busy machine.
    test.slow();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    const home = await page.goto('/?utm_source=newsletter&x=1');
    expect(home?.status()).toBe(200);
    expect(serverMarkup((await home?.text()) ?? '')).toContain('Best Sellers');
    await expect(page.getByRole('region', { name: 'Best Sellers' })).toBeVisible();

    await page.goto('/shop?sort=price_low');
    await expect(page.locator('#page-state')).toHaveCount(0);
    const plain = await pricesShown(page);
    expect(plain.length).toBeGreaterThan(1);

    const listing = await page.goto('/shop?utm_source=newsletter&sort=price_low&x=1');
    expect(listing?.status()).toBe(200);
    expect(serverMarkup((await listing?.text()) ?? '')).toMatch(/J\$[\d,]+\.\d{2}/);
    await expect(page.locator('#page-state')).toHaveCount(0);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('price_low');
    // The same listing, in the same order, as the address without the tags.
    expect(await pricesShown(page)).toEqual(plain);

    await sort.selectOption('price_high');
    await expect(page).toHaveURL(/sort=price_high/);
    await expect(sort).toHaveValue('price_high');
    await expect.poll(() => pricesShown(page)).not.toEqual(plain);
    expect(errors).toEqual([]);
  });
});
