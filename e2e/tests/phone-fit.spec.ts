import { expect, test, type Page } from './shop-test.ts';
import { callApi } from './shop-api.ts';

// What a shopper on a phone sees fits the screen (issue 28): no page scrolls sideways, a toast lands
// in view, the checkout steps sit on one row, the social posts keep the page's margin, and the
// password rule is told before anything is typed. The wishlist heart answers every tap.

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-build';

test.use({ viewport: phone });

/** A Kingston Runner in the cart of the page's session. */
async function addRunner(page: Page) {
  await page.goto('/');
  await page.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
  expect(await callApi(page, 'POST', '/orders/cart/', { product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' })).toBe(200);
}

/** Opens `path`, scrolls it to the bottom and back (its islands wake), and checks nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const widths = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(widths.scrollWidth, `${path} is ${widths.scrollWidth} px wide`).toBeLessThanOrEqual(widths.innerWidth);
  await page.screenshot({ path: `${shots}/fit${path.replaceAll('/', '-') || '-home'}.png` });
}

test('no page scrolls sideways at 390 px, and a wishlist toast on the home page is in view', async ({ page }) => {
  test.setTimeout(120_000);
  await addRunner(page);
  for (const path of ['/', '/shop', '/product/1', '/cart', '/checkout', '/signin', '/signup', '/contact'])
    await expectNoSidewaysScroll(page, path);

  // A new customer, signed up on the phone.
  await page.goto('/signup');
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'First name' }).fill('Kemar');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Brown');
  await form.getByRole('textbox', { name: 'Email' }).fill(`phone-fit-${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('phone-fit-42');
  await form.getByLabel('Confirm password').fill('phone-fit-42');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/profile', '/orders', '/addresses', '/wishlist', '/settings', '/checkout']) await expectNoSidewaysScroll(page, path);

  // The heart of a best seller: pressed, and a toast says so, in view on the phone.
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Best Sellers' }).getByRole('article').first();
  const heart = card.getByRole('button', { name: 'Add to wishlist' });
  await heart.scrollIntoViewIfNeeded();
  await heart.click();
  const toast = page.getByRole('status').filter({ hasText: 'Item added to wishlist!' });
  await expect(toast).toBeVisible();
  await expect(toast).toBeInViewport({ ratio: 1 });
  await expect(card.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${shots}/wishlist-toast-phone.png` });
  await card.getByRole('button', { name: 'Remove from wishlist' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Item removed from wishlist!' })).toBeInViewport({ ratio: 1 });
  await expect(card.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
});

test('a guest’s wishlist heart says to sign in, on the sign-in page it leads to', async ({ page }) => {
  for (const viewport of [phone, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/shop');
    const heart = page
      .getByRole('region', { name: 'Products' })
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'Add to wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText('Please sign in to continue.')).toBeInViewport();
    await page.screenshot({ path: `${shots}/wishlist-guest-${viewport.width}.png` });
  }
});

test('the step pills of the cart, checkout and payment pages sit on one row at 360 and 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  await addRunner(page);
  const oneRow = async (name: string) => {
    const pills = page.getByRole('list', { name: 'Progress' }).getByRole('listitem');
    await expect(pills).toHaveCount(3);
    const boxes = await pills.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const innerWidth = await page.evaluate(() => window.innerWidth);
    expect(new Set(boxes.map((box) => Math.round(box.top))).size, `${name}: the pills wrap`).toBe(1);
    for (const box of boxes) expect(box.right, `${name}: a pill is past the screen's edge`).toBeLessThanOrEqual(innerWidth);
  };
  const each = async (name: string) => {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await oneRow(`${name} at ${width}`);
      await page.screenshot({ path: `${shots}/steps-${name}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await oneRow(`${name} at 1280`);
    await page.screenshot({ path: `${shots}/steps-${name}-1280.png` });
    await page.setViewportSize(phone);
  };
  await page.goto('/cart');
  await each('cart');
  await page.goto('/checkout');
  await each('checkout');

  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
  await main.getByRole('textbox', { name: 'Email' }).fill(`steps-${Date.now()}@example.com`);
  await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Payment' })).toBeVisible();
  await each('payment');
  // Given up, so its units are not held for an hour.
  await page.getByRole('button', { name: 'Cancel & Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the social posts keep the page’s margin on a phone, and every password field tells its rule before typing', async ({ page }) => {
  await page.goto('/');
  const social = page.getByRole('region', { name: /Follow/ });
  const heading = social.getByRole('heading', { level: 2 });
  const firstPost = social.getByRole('article').first();
  await firstPost.scrollIntoViewIfNeeded();
  await expect(firstPost).toBeInViewport();
  const [headingBox, postBox] = [await heading.boundingBox(), await firstPost.boundingBox()];
  expect(postBox?.x).toBeCloseTo(headingBox?.x ?? -1, 0);
  expect(postBox?.x).toBeGreaterThanOrEqual(16);
  await social.screenshot({ path: `${shots}/social-phone.png` });

  for (const [path, label] of [
    ['/signup', 'Password'],
    ['/reset-password?token=any-token', 'New password'],
  ] as const) {
    await page.goto(path);
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveValue('');
    await expect(page.getByText('At least 8 characters', { exact: true })).toBeVisible();
    await expect(field).toHaveAccessibleDescription('At least 8 characters');
    await page.screenshot({ path: `${shots}/password-rule${path.split('?')[0]?.replace('/', '-')}.png` });
  }
});
