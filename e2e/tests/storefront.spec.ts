import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';

// These journeys run against the seeded demo catalogue (api/src/db/seed/catalogue.ts): product 1 is
// the Kingston Runner (running sneakers, on sale at J$11,900 from J$14,500, sizes 7-12 in Black,
// Red and White), and three sneakers have "runner" in their name.

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`No focus on the target after ${limit} Tab presses`);
}

test.describe('browsing the shop', () => {
  test('home → shop → a category → a search → a product, with filters kept in the URL', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Promotions' })).toBeVisible();
    const bestSellers = page.getByRole('region', { name: 'Best Sellers' });
    await expect(bestSellers.getByRole('article').first()).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByText('Products found')).toBeVisible();

    await page.getByRole('combobox', { name: 'Category' }).selectOption('sneakers');
    await expect(page).toHaveURL(/\/shop\?category=sneakers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sneakers' })).toBeVisible();
    await expect(page.getByText('12 Products found')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill('runner');
    await expect(page).toHaveURL(/\/shop\?category=sneakers&search=runner$/);
    await expect(page.getByText('3 Products found')).toBeVisible();

    await page.getByRole('link', { name: 'Kingston Runner' }).click();
    await expect(page).toHaveURL(/\/product\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeVisible();
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart - J$11,900.00' })).toBeEnabled();
    await expect(page).toHaveTitle('Kingston Runner | Threadline');

    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('runner');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('sneakers');
  });

  test('size and colour together list only products that have that size in that colour in stock', async ({ page }) => {
    // Seeded: the Blue Mountain Trail Sneaker has size 10 in stock in Grey and Navy, and Olive in
    // other sizes, but no size 10 in Olive.
    const trail = page.getByRole('region', { name: 'Products' }).getByRole('article').filter({ hasText: 'Blue Mountain Trail Sneaker' });
    await page.goto('/shop?search=blue+mountain');
    await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: /^10\b/ }).click();
    await expect(page).toHaveURL(/size=10/);
    await expect(trail).toBeVisible();
    // Only the colours size 10 is in stock in are offered.
    const colours = page.getByRole('group', { name: 'Colour' });
    await expect(colours.getByRole('button', { name: /^Grey\b/ })).toBeVisible();
    await expect(colours.getByRole('button', { name: /^Olive\b/ })).toHaveCount(0);

    // A link naming both (shared, or kept from an earlier visit) lists nothing that can be bought so.
    await page.goto('/shop?search=blue+mountain&size=10&color=Olive');
    await expect(page.getByRole('heading', { level: 2, name: 'No Products Found' })).toBeVisible();
    await expect(trail).toHaveCount(0);
    await page.goto('/shop?search=blue+mountain&color=Olive');
    await expect(trail).toBeVisible();
  });

  test('the price filter shows a whole amount in its box on a desktop, in J$ and in US$', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [currency, amount] of [
      ['JMD', '100000'],
      ['USD', '10000'],
    ] as const) {
      await page.goto('/shop');
      await page.evaluate((code) => localStorage.setItem('currency', code), currency);
      await page.reload();
      const price = page.getByRole('group', { name: `Price (${currency})` });
      const highest = price.getByRole('spinbutton', { name: /^Maximum price/ });
      await highest.fill(amount);
      // A box too narrow for its amount scrolls it: the shopper sees part of the number.
      expect(await highest.evaluate((input) => input.scrollWidth - input.clientWidth), `${currency} ${amount}`).toBeLessThanOrEqual(0);
    }
  });

  test('quick-add from a card works with the keyboard alone', async ({ page }) => {
    await page.goto('/shop?category=running-sneakers&search=kingston');
    const card = page.getByRole('article').filter({ hasText: 'Kingston Runner' });
    const addToCart = card.getByRole('button', { name: 'Add to Cart' });
    await expect(addToCart).toBeVisible();

    await tabTo(page, addToCart);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Select Options' });
    await expect(dialog).toBeVisible();
    const add = dialog.getByRole('button', { name: 'Add to Cart' });
    await expect(dialog.getByRole('radio', { name: '7' })).toBeVisible();
    await expect(add).toBeDisabled();

    // Focus starts on Close; Tab enters the size group, arrows move the choice, Space makes one.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: '7' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '8' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: 'Black' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('radio', { name: 'Black' })).toBeChecked();
    await expect(add).toBeEnabled();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addToCart).toBeFocused();
  });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`the quick-add dialog gives the page back at once and ${reducedMotion === 'reduce' ? 'leaves at once under reduced motion' : 'fades out'}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion });
      await page.goto('/shop?search=kingston');
      const addToCart = page.getByRole('article').filter({ hasText: 'Kingston Runner' }).getByRole('button', { name: 'Add to Cart' });
      await addToCart.click();
      const dialog = page.getByRole('dialog', { name: 'Select Options' });
      await expect(dialog).toBeVisible();

      // Escape and the look at the next frame in one go, so the 150 ms exit cannot end in between.
      const afterEscape = await page.evaluate(async () => {
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const panel = document.querySelector('[aria-modal="true"]');
        return {
          panelState: panel?.getAttribute('data-state') ?? null,
          exitAnimations: panel?.getAnimations().map((animation) => (animation as CSSAnimation).animationName) ?? [],
          pageInert: document.querySelector('#root')?.closest('[inert]') !== null,
          focusOn: document.activeElement?.textContent ?? '',
        };
      });
      expect(afterEscape.pageInert).toBe(false);
      expect(afterEscape.focusOn).toBe('Add to Cart');
      if (reducedMotion === 'reduce') {
        expect(afterEscape.panelState).toBeNull();
      } else {
        expect(afterEscape).toMatchObject({ panelState: 'closed', exitAnimations: ['fade-out'] });
      }
      await expect(page.locator('[aria-modal="true"]')).toHaveCount(0);
      await expect(addToCart).toBeFocused();
    });
  }

  test('adding from the quick-add dialog closes it and opens the cart', async ({ page }) => {
    await page.goto('/shop?search=kingston');
    const card = page.getByRole('article').filter({ hasText: 'Kingston Runner' });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Options' });
    await dialog.getByRole('radio', { name: '9' }).check();
    await dialog.getByRole('radio', { name: 'Black' }).check();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  });

  test('shows every price in US dollars once USD is chosen', async ({ page }) => {
    // The currency selector in the header stores the choice under `currency` in local storage;
    // setting it directly and reloading is what choosing USD there does.
    await page.goto('/shop');
    await page.evaluate(() => localStorage.setItem('currency', 'USD'));
    await page.reload();

    const main = page.getByRole('main');
    await expect(main.getByRole('article').first()).toBeVisible();
    // The server rendered the page in the cookie's J$; every part, seen or not, then wakes in US$.
    await expect(main).not.toContainText('J$');
    const text = await main.innerText();
    const prices = text.match(/\S*\$[\d,]+(?:\.\d+)?/g) ?? [];
    expect(prices.length).toBeGreaterThanOrEqual(12);
    for (const price of prices) expect(price).toMatch(/^US\$\d{1,3}(?:,\d{3})*\.\d{2}$/);

    await page.getByRole('link', { name: 'Kingston Runner' }).click();
    // J$11,900 at the fallback rate of 0.0064.
    await expect(page.getByRole('button', { name: 'Add to Cart - US$76.16' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('J$');
  });
});

test.describe('accessibility', () => {
  for (const [path, heading] of [
    ['/', 'Best Sellers'],
    ['/shop', 'Shop'],
    ['/product/1', 'Kingston Runner'],
    ['/categories', 'Shop by Category'],
  ] as const) {
    test(`${path} has no serious or critical axe violations`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');

      const { violations } = await new AxeBuilder({ page }).analyze();
      const severe = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
      expect(severe).toEqual([]);
      await context.close();
    });
  }
});

test.describe('pages rendered on the server', () => {
  for (const [path, viewport] of [
    ['/', { width: 412, height: 823 }],
    ['/', { width: 1280, height: 800 }],
    ['/shop', { width: 412, height: 823 }],
    ['/product/1', { width: 412, height: 823 }],
    ['/product/1', { width: 1280, height: 800 }],
  ] as const) {
    test(`${path} at ${viewport.width} px arrives with its products, asks for none of them again, and fetches its first picture once`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, deviceScaleFactor: viewport.width < 640 ? 2 : 1 });
      const page = await context.newPage();
      const pictures: string[] = [];
      const pageAnswers: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/static/media/products/')) pictures.push(pathname);
        if (['/api/home/', '/api/shop/', '/api/product/1/'].includes(pathname)) pageAnswers.push(pathname);
      });
      const response = await page.goto(path);
      // React's markers of its Suspense boundaries (`<!--$-->`) and the preloads of the first pictures it hoists.
      expect(await response?.text()).toMatch(
        /<div id="root">(<link [^>]*>)*((<!--\$-->)?<div data-island="[a-z]+" class="contents">)*<div class="flex min-h-dvh flex-col">/,
      );
      // The first product picture is in the HTML, eager and first in line.
      const firstPicture = page.getByRole('main').locator('img[fetchpriority="high"]').first();
      await expect(firstPicture).toBeVisible();
      await expect.poll(() => firstPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const shown = new URL(await firstPicture.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname;
      await page.waitForLoadState('networkidle');
      // Thumbnails may ask for a smaller copy of the same picture; the shown one comes once.
      expect(pictures.filter((picture) => picture === shown)).toEqual([shown]);
      expect(pageAnswers).toEqual([]);
      await context.close();
    });
  }

  test('with JavaScript off, the catalogue pages still show their products under their own names', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Best Sellers' }).getByRole('article').first()).toBeVisible();
    await page.goto('/shop?category=sneakers&search=runner');
    await expect(page.getByText('3 Products found')).toBeVisible();
    await expect(page).toHaveTitle('Sneakers | Threadline');
    await page.goto('/product/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeVisible();
    await expect(page).toHaveTitle('Kingston Runner | Threadline');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Our everyday/);
    await context.close();
  });

  test("hydrating keeps the server's markup in place, and the page then works", async ({ page }) => {
    await page.addInitScript(() => {
      const removed: string[] = [];
      Object.assign(window, { removedAfterParsing: removed });
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root');
        if (!root) return;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.outerHTML.slice(0, 80));
        }).observe(root, { childList: true, subtree: true });
      });
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(page.getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true');
    // Hydrated, the slide moves into view: its position is an inline style the page sets.
    await expect(page.getByRole('region', { name: 'Promotions' }).getByRole('group', { name: '2 of 2' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => (window as unknown as { removedAfterParsing: string[] }).removedAfterParsing)).toEqual([]);
    // A product link goes through the app's router rather than loading a new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('region', { name: 'Best Sellers' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
