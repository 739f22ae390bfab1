import { expect, test, type Locator, type Page } from './shop-test.ts';

// The home carousel is moved by an inline style (translateX): these check what the shopper sees
// and can press, which the DOM alone (aria-current, inert) does not tell.

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const slide = (page: Page, number: 1 | 2) =>
  page.getByRole('region', { name: 'Promotions' }).getByRole('group', { name: `${number} of 2` });

/** The slide fills the carousel's width in view, and the other one is out of sight. */
async function expectShown(page: Page, number: 1 | 2) {
  await expect(slide(page, number)).toBeInViewport({ ratio: 1 });
  await expect(slide(page, number === 1 ? 2 : 1)).not.toBeInViewport();
}

/** Clicks where the shopper sees the link, after checking that the link is what is on top there. */
async function clickWhereSeen(page: Page, link: Locator) {
  const box = await link.boundingBox();
  if (!box) throw new Error('the link has no box');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(await link.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), point)).toBe(true);
  await page.mouse.click(point.x, point.y);
}

for (const viewport of viewports) {
  test.describe(`the home carousel on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Next shows the wholesale slide, whose Shop Now leads to the shop', async ({ page }) => {
      await page.goto('/');
      await expectShown(page, 1);
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expectShown(page, 2);
      await expect(slide(page, 2).getByRole('heading', { name: 'Buy 15+ per style, pay wholesale' })).toBeInViewport();
      await page.screenshot({ path: `/tmp/shots-build/home-slide-2-${viewport.name}.png` });
      await clickWhereSeen(page, slide(page, 2).getByRole('link', { name: 'Shop Now' }));
      await expect(page).toHaveURL(/\/shop$/);
    });

    test('the dots show their slide, whose Explore Categories leads to the categories', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: /^Show slide 2/ }).click();
      await expectShown(page, 2);
      await page.getByRole('button', { name: /^Show slide 1/ }).click();
      await expectShown(page, 1);
      await clickWhereSeen(page, slide(page, 1).getByRole('link', { name: 'Explore Categories' }));
      await expect(page).toHaveURL(/\/categories$/);
    });

    test('moves on by itself after 10 seconds, and Previous wraps around', async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      await expectShown(page, 1);
      // The carousel starts counting once its island is alive; on a busy machine that is after the
      // first paint, and ten seconds run before it would count for nothing.
      await expect(page.locator('[data-island]:has([aria-label="Promotions"])').last()).toHaveAttribute('data-hydrated', '');
      await page.clock.runFor(10_500);
      await expectShown(page, 2);
      await clickWhereSeen(page, page.getByRole('button', { name: 'Previous slide' }));
      await expectShown(page, 1);
      await clickWhereSeen(page, page.getByRole('button', { name: 'Previous slide' }));
      await expectShown(page, 2);
    });
  });
}
