import { expect, test, type Page } from './shop-test.ts';

// Parts of a catalogue page (header, promotions, product cards, filters, footer…) hydrate when the
// shopper can see or reach them (ADR 30); an island marks itself `data-hydrated` once it is alive.
test.use({ viewport: { width: 390, height: 844 } });

/** The page's own start is over once the header, always in view, is alive. */
async function openStarted(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('[data-island="header"]')).toHaveAttribute('data-hydrated', '');
  await page.waitForLoadState('networkidle');
}

test("the footer keeps the server's markup until it is scrolled to, and then works", async ({ page }) => {
  await openStarted(page, '/');
  const footer = page.locator('[data-island="footer"]');
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  // Asleep: its Subscribe button has no handler, and its server markup is on screen.
  await expect(form.getByRole('button', { name: 'Subscribe' })).toBeAttached();
  expect(await footer.getAttribute('data-hydrated')).toBeNull();

  await footer.locator('footer').scrollIntoViewIfNeeded();
  await expect(footer).toHaveAttribute('data-hydrated', '');

  await form.getByLabel('Email address').fill('not-an-email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
});

test('a tap on the footer’s Subscribe before the footer has hydrated is made once it has', async ({ page }) => {
  await openStarted(page, '/');
  const footer = page.locator('[data-island="footer"]');
  expect(await footer.getAttribute('data-hydrated')).toBeNull();

  // A tap that does not scroll the page first: only the tap itself can wake the footer.
  await page.getByRole('form', { name: 'Newsletter sign-up' }).getByRole('button', { name: 'Subscribe' }).dispatchEvent('click');

  await expect(page.getByRole('form', { name: 'Newsletter sign-up' }).getByText('Email is required')).toBeVisible();
  await expect(footer).toHaveAttribute('data-hydrated', '');
  // The browser did not send the form as a page request of its own.
  await expect(page).toHaveURL(/\/$/);
});

test('a tap on the wishlist heart of a card below the fold asks a guest to sign in', async ({ page }) => {
  await openStarted(page, '/shop');
  const cards = page.locator('[data-island^="listing-"]');
  const lastCard = cards.last();
  expect(await lastCard.getAttribute('data-hydrated')).toBeNull();

  await lastCard.getByRole('button', { name: 'Add to wishlist' }).dispatchEvent('click');

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
});

test("an island's ids still match their labels once it has hydrated", async ({ page }) => {
  await openStarted(page, '/');
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  const serverId = await form.getByLabel('Email address').getAttribute('id');
  await page.locator('[data-island="footer"] footer').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-island="footer"]')).toHaveAttribute('data-hydrated', '');

  await expect(form.getByLabel('Email address')).toHaveAttribute('id', serverId ?? '');
  const cardHeading = page.locator('[data-island^="best-seller-"]').first().getByRole('heading');
  const headingId = await cardHeading.getAttribute('id');
  await expect(page.locator('[data-island^="best-seller-"]').first().getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute(
    'aria-describedby',
    headingId ?? '',
  );
});

test('a phone loads the footer’s code only once the footer is scrolled to, and never that of the wider screens’ navigation', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const loaded = (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
  await openStarted(page, '/');
  expect(loaded('footer')).toBe(false);
  expect(loaded('main-nav')).toBe(false);
  // The server's footer is on the page all the same.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Return Policy' })).toBeAttached();

  await page.locator('[data-island="footer"] footer').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-island="footer"]')).toHaveAttribute('data-hydrated', '');
  expect(loaded('footer')).toBe(true);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Return Policy' }).click();
  await expect(page).toHaveURL(/\/legal\?tab=returns$/);
  expect(loaded('main-nav')).toBe(false);
});

test('on a wide screen the navigation keeps its place while its code is on the way, and then works', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let release: () => void = () => undefined;
  const codeHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-nav-[\w-]+\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  await page.goto('/shop');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The rest of the header is alive (the cart count and the account are its shopper's own)…
  await expect(page.locator('[data-island="header"]')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  // …and the navigation is still the server's, where it was.
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Categories' })).toBeVisible();
  expect(await page.locator('[data-island="main-nav"]').getAttribute('data-hydrated')).toBeNull();

  release();
  await expect(page.locator('[data-island="main-nav"]')).toHaveAttribute('data-hydrated', '');
  await nav.getByRole('button', { name: 'Categories' }).click();
  await nav.getByRole('link', { name: 'Running Sneakers' }).click();
  await expect(page).toHaveURL(/\/shop\/category\/running-sneakers$/);
});
