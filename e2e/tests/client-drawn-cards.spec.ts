import { expect, test, type Locator, type Page } from './shop-test.ts';

// Product cards are islands (ADR 30): those the server rendered hydrate when seen, those the
// browser draws later (Load More, a filter, a sort, a search, Back and Forward, another product's
// related products, a page reached inside the app) render at once. Each journey asserts that every
// card on screen shows its name, price and picture and can be clicked: a card mistaken for the
// server's markup shows nothing (issue 28).

// A journey walks many pages and scrolls through every card of each: on a busy machine it outlasts the default minute.
test.describe.configure({ timeout: 120_000 });

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

// The grid is the region's last list (the active filters' chips come before it).
const shopResults = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('list').last();

/** What is missing from a card as a person sees it, read in the page (one round trip for a whole list). */
interface CardSeen {
  card: string;
  missing: string[];
}

/**
 * Every card of `list` is on screen whole: name (a link), price, a loaded picture, its button, and
 * clickable. Each card is scrolled to the middle of the screen, as a person scrolling would see it
 * (its picture loads lazily and its island wakes when seen), and read there: what is rendered
 * (`innerText`, `checkVisibility`), whether its picture has pixels, and whether a click at its
 * name lands on its link. The whole list is read in one call and read again until whole; one call
 * per card and per check took minutes a journey on a busy machine.
 */
async function expectEveryCardWhole(list: Locator, atLeast = 1) {
  const items = list.locator(':scope > li');
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(atLeast);
  const count = await items.count();
  await expect
    .poll(
      () =>
        list.evaluate(async (element): Promise<CardSeen[]> => {
          const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const seen: CardSeen[] = [];
          const cards = [...element.querySelectorAll(':scope > li')];
          for (const [index, item] of cards.entries()) {
            item.scrollIntoView({ block: 'center' });
            await nextFrame();
            const missing: string[] = [];
            const card = item.querySelector('article');
            const shown = (node: Element | null | undefined): node is HTMLElement =>
              node instanceof HTMLElement &&
              node.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
              node.getBoundingClientRect().height > 0;
            if (!shown(card)) {
              seen.push({ card: `card ${index + 1} of ${cards.length}`, missing: ['the card'] });
              continue;
            }
            const name = card.querySelector('h2 a, h3 a');
            if (!shown(name) || name.innerText.trim() === '') missing.push('its name');
            if (!/J\$\s?[\d,]+\.\d\d/.test(card.innerText)) missing.push('its price');
            const picture = card.querySelector('img');
            if (!shown(picture) || !(picture instanceof HTMLImageElement) || !picture.complete || picture.naturalWidth === 0)
              missing.push('its picture');
            const button = [...card.querySelectorAll('button')].find((candidate) => /Add to Cart|Out of Stock/.test(candidate.innerText));
            if (!shown(button)) missing.push('its Add to Cart button');
            if (shown(name)) {
              const box = name.getBoundingClientRect();
              const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
              if (!hit || !(hit === name || name.contains(hit))) missing.push('a click on its name (covered)');
            }
            if (missing.length > 0) seen.push({ card: `card ${index + 1} of ${cards.length}: ${name?.textContent ?? ''}`, missing });
          }
          return seen;
        }),
      { message: 'every card shows its name, price, picture and button, and a click on its name opens it', timeout: 30_000 },
    )
    .toEqual([]);
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
