import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';

const mobile = { width: 390, height: 844 };

test.describe('header categories mega-menu', () => {
  test('opens on hover, links to a category and hides after the mouse leaves', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Categories' });

    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'All categories' })).toBeVisible();
    const runners = nav.getByRole('link', { name: 'Running Sneakers' });
    await expect(runners).toBeVisible();

    await page.mouse.move(640, 700);
    await expect(runners).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.hover();
    await runners.click();
    await expect(page).toHaveURL(/\/shop\/category\/running-sneakers$/);
    await expect(runners).toBeHidden();
  });

  test('opens for a mouse already resting on it when the page comes alive', async ({ page }) => {
    let release: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // The server's markup is on screen; none of the page's code has run yet.
    await page.goto('/', { waitUntil: 'commit' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Categories' });
    await button.hover();
    release();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'All categories' })).toBeVisible();
  });

  test('a phone that goes on in the app and then turns into a wide window gets the wide navigation back', async ({ page }) => {
    await page.setViewportSize(mobile);
    await page.goto('/');
    // A page reached in the app draws the header anew; the navigation a phone hides is left out then.
    await page.getByRole('link', { name: 'Shop Now' }).first().click();
    await expect(page).toHaveURL(/\/shop$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    const button = nav.getByRole('button', { name: 'Categories' });
    await expect(button).toBeVisible();
    await button.hover();
    await expect(nav.getByRole('link', { name: 'Running Sneakers' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('works from the keyboard and Escape returns focus to the button', async ({ page }) => {
    await page.goto('/legal');
    // The panel's category links arrive with GET /api/shop/categories/.
    await page.waitForLoadState('networkidle');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Categories' });
    await button.focus();

    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Sneakers', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Running Sneakers' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Sneakers', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shop\/category\/sneakers$/);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: mobile });

  test('traps focus, closes on Escape and gives focus back to its button', async ({ page }) => {
    await page.goto('/');
    const openButton = page.getByRole('button', { name: 'Open menu' });
    await openButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(menu.getByRole('radio', { name: /USD/ })).toBeVisible();

    for (let press = 0; press < 15; press += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();
  });

  test('lists the categories and closes on navigation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Categories' }).click();
    await menu.getByRole('link', { name: 'Caps' }).click();
    await expect(page).toHaveURL(/\/shop\/category\/caps$/);
    await expect(menu).toBeHidden();
  });
});

test('the footer Return Policy link opens the returns tab', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Return Policy' }).click();
  await expect(page).toHaveURL(/\/legal\?tab=returns$/);
  await expect(page.getByRole('tab', { name: 'Returns & Refunds Policy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('14 days');
  await expect(page).toHaveTitle('Returns & Refunds Policy | Threadline');
});

test('the contact form checks its fields, then sends the message to the shop', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByLabel('Name')).toBeFocused();

  await form.getByLabel('Name').fill('Devon Brown');
  await form.getByLabel('Email').fill('devon@example.com');
  await form.getByLabel('Subject').fill('Wholesale tees');
  await form.getByLabel('Message').fill('Do you print custom designs for 40 shirts?');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(form.getByText(/Thank you! Your message has been sent/)).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('the footer newsletter form subscribes', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Email address').fill('not-an-email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();

  await form.getByLabel(/First name/).fill('Aaliyah');
  await form.getByLabel('Email address').fill(`aaliyah+${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText(/You're subscribed!/)).toBeVisible();
});

test('the currency selector switches prices to US dollars and remembers the choice', async ({ page }) => {
  await page.goto('/shop');
  const main = page.getByRole('main');
  // A J$ price first, so the switch below is what changes it.
  await expect(main).toContainText(/J\$\d/);

  await page.getByRole('button', { name: 'Currency: JMD' }).click();
  const menu = page.getByRole('menu', { name: 'Currency' });
  await expect(page.getByText(/^(Live rates|Using cached rates)$/)).toBeVisible();
  await menu.getByRole('menuitemradio', { name: /USD/ }).click();

  await expect(page.getByRole('button', { name: 'Currency: USD' })).toBeVisible();
  await expect(main).toContainText(/US\$\d/);
  expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('USD');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Currency: USD' })).toBeVisible();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const path of ['/contact', '/legal', '/categories']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
