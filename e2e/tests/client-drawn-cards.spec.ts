import { expect, test, type Locator, type Page } from './shop-test.ts';

// Product cards are islands (ADR 30): those the server rendered hydrate when seen, those the
// browser draws later (Load More, a filter, a sort, a search, Back and Forward, another product's
// related products, a page reached inside the app) render at once. Each journey asserts that every
// card on screen shows its name, price and picture and can be clicked: a card mistaken for the
// server's markup shows nothing (issue 28).

// Every card is looked at one by one: a journey takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

// The grid is the region's last list (the active filters' chips come before it).
const shopResults = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('list').last();

/** Every card of `list` is on screen whole: name (a link), price, a loaded picture, and clickable. */
async function expectEveryCardWhole(list: Locator, atLeast = 1) {
  const items = list.locator(':scope > li');
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(atLeast);
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    await item.scrollIntoViewIfNeeded();
    const card = item.getByRole('article');
    await expect(card, `card ${index + 1} of ${count}`).toBeVisible();
    const name = card.getByRole('heading').getByRole('link');
    await expect(name).toBeVisible();
    await expect(name).toHaveText(/\S/);
    await expect(card.getByText(/J\$\s?[\d,]+\.\d\d/).first()).toBeVisible();
    const picture = card.getByRole('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // Nothing covers it: a click would land on the card's link.
    await name.click({ trial: true });
    await expect(card.getByRole('button', { name: /Add to Cart|Out of Stock/ })).toBeVisible();
  }
  return count;
}

/** Opens the card at `index` of `list` by its name and checks its product page opened. */
async function openCard(page: Page, list: Locator, index: number) {
  const name = list.locator(':scope > li').nth(index).getByRole('heading').getByRole('link');
  const text = (await name.textContent()) ?? '';
  await name.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible();
}

for (const viewport of viewports) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Load More pressed twice on a shop opened by its address shows every card whole, and the last opens', async ({ page }) => {
      await page.goto('/shop');
      await expect(page.getByText('Products found')).toBeVisible();
      const list = shopResults(page);
      await expect(list.locator(':scope > li')).toHaveCount(12);
      await page.getByRole('button', { name: 'Load More' }).click();
      await expect(list.locator(':scope > li')).toHaveCount(24);
      await page.getByRole('button', { name: 'Load More' }).click();
      await expect(list.locator(':scope > li')).toHaveCount(36);
      const count = await expectEveryCardWhole(list, 36);
      await page.screenshot({ path: `/tmp/shots-build/load-more-${viewport.name}.png`, fullPage: true });
      await openCard(page, list, count - 1);
    });

    test('cards drawn by a category, a sort, a search, Back and Forward are whole', async ({ page }) => {
      await page.goto('/shop');
      await expect(page.getByText('Products found')).toBeVisible();
      const list = shopResults(page);
      if (viewport.name === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Category').selectOption('sneakers');
      await expect(page).toHaveURL(/category=sneakers/);
      await expectEveryCardWhole(list);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_high');
      await expect(page).toHaveURL(/sort=price_high/);
      await expectEveryCardWhole(list);
      await page.getByRole('searchbox').first().fill('runner');
      await page.getByRole('searchbox').first().press('Enter');
      await expect(page).toHaveURL(/search=runner/);
      await expectEveryCardWhole(list);
      await page.goBack();
      await expect(page).not.toHaveURL(/search=runner/);
      await expectEveryCardWhole(list);
      await page.goBack();
      await expect(page).not.toHaveURL(/sort=price_high/);
      await expectEveryCardWhole(list);
      await page.goForward();
      await expect(page).toHaveURL(/sort=price_high/);
      await expectEveryCardWhole(list);
      await page.screenshot({ path: `/tmp/shots-build/filtered-${viewport.name}.png` });
      await openCard(page, list, 0);
    });

    test('related products stay whole from product to product, and the shop and home pages reached by Back', async ({ page }) => {
      await page.goto('/shop');
      await expect(page.getByText('Products found')).toBeVisible();
      await openCard(page, shopResults(page), 0);
      const related = page.getByRole('region', { name: 'You may also like' }).getByRole('list');
      await expectEveryCardWhole(related);
      // Product to product, several times: each page's related cards drawn over the last page's.
      for (let hop = 0; hop < 3; hop += 1) {
        await openCard(page, related, hop % (await related.locator(':scope > li').count()));
        await expectEveryCardWhole(related);
      }
      await page.screenshot({ path: `/tmp/shots-build/related-${viewport.name}.png`, fullPage: true });
      for (let hop = 0; hop < 4; hop += 1) await page.goBack();
      await expect(page).toHaveURL(/\/shop$/);
      await expectEveryCardWhole(shopResults(page), 12);
      await page.goto('/product/1');
      await expectEveryCardWhole(related);
      await page.getByRole('banner').getByRole('link', { name: 'Threadline' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectEveryCardWhole(page.getByRole('region', { name: 'Best Sellers' }).getByRole('list'));
      await page.getByRole('region', { name: 'Best Sellers' }).getByRole('link', { name: 'Shop all' }).click();
      await expect(page).toHaveURL(/\/shop\?sort=best_sellers$/);
      await expectEveryCardWhole(shopResults(page), 12);
    });
  });
}
