import { expect, test, type Locator, type Page } from './shop-test.ts';

// Filtering keeps the shopper's place on the page, so a filter changed from below the results' top
// must bring that top into view: the shorter list would otherwise leave them at the bottom.

test.use({ viewport: { width: 1280, height: 900 } });

/** Scrolls the page down until `control` is just below the sticky header, as a shopper reaching for it. */
async function scrollDownTo(control: Locator) {
  await control.evaluate((element) =>
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 120, behavior: 'instant' }),
  );
}

/** The results' top is in view, below the sticky header. */
async function expectResultsTopInView(page: Page) {
  const header = await page.getByRole('banner').boundingBox();
  await expect
    .poll(async () => (await page.getByRole('region', { name: 'Products' }).boundingBox())?.y)
    .toBeGreaterThanOrEqual(header?.height ?? 0);
  await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeInViewport();
  await expect(page.getByText(/Products found/)).toBeInViewport();
}

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`a colour picked far below the results' top brings the results' top into view (${reducedMotion} motion), and Back goes back to that place`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    await page.goto('/shop');
    await expect(page.getByText('Products found')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // One coral product: the list shrinks to one card, and the page with it.
    const coral = page.getByRole('group', { name: 'Colour' }).getByRole('button', { name: /^Coral/ });
    await scrollDownTo(coral);
    const before = await page.evaluate(() => window.scrollY);
    expect((await page.getByRole('region', { name: 'Products' }).boundingBox())?.y).toBeLessThan(0);
    await coral.click();
    await expect(page).toHaveURL(/color=Coral/);
    await expectResultsTopInView(page);
    await page.screenshot({ path: `/tmp/shots-build/shop-after-filter-${reducedMotion}.png` });

    // Back is the router's to restore (close to where the shopper was), not a change to bring the results' top in view for.
    await page.goBack();
    await expect(page).toHaveURL(/\/shop$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before / 2);
    expect((await page.getByRole('region', { name: 'Products' }).boundingBox())?.y).toBeLessThan(0);
  });
}

test("a colour picked on a category page below the results' top brings the results' top into view", async ({ page }) => {
  await page.goto('/categories/sneakers');
  await expect(page.getByText('Products found')).toBeVisible();
  const colour = page.getByRole('group', { name: 'Colour' }).getByRole('button').first();
  await scrollDownTo(colour);
  expect((await page.getByRole('region', { name: 'Products' }).boundingBox())?.y).toBeLessThan(0);
  await colour.click();
  await expect(page).toHaveURL(/color=/);
  await expectResultsTopInView(page);
});

test("a filter changed with the results' top in view leaves the page where it is", async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByText('Products found')).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_low');
  await expect(page).toHaveURL(/sort=price_low/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
