import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openBackOffice } from './staff-accounts.ts';

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);

/** The owner, on /admin/settings, sets one parish's fee and the shop's phone, and saves. */
async function saveSettings(page: Page, change: { parish: string; fee: string; phone: string }) {
  const form = page.getByRole('form', { name: 'Settings' });
  await form.getByRole('textbox', { name: `${change.parish} (J$)`, exact: true }).fill(change.fee);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(change.phone);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
}

test.describe('the owner’s settings', () => {
  test('the owner sets St. Andrew’s delivery fee to 650.00; a shopper delivering there is charged it; the footer shows the new phone', async ({ page, browser }) => {
    // Two people's journeys, the owner's and a shopper's, in one test.
    test.setTimeout(120_000);
    await openBackOffice(page, 'owner', '/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveSettings(page, { parish: 'St. Andrew', fee: '650.00', phone: '+1 (876) 555-0199' });

    // A shopper in another browser: nothing they have was cached before the change.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    try {
      await shopper.goto('/');
      // The server-rendered footer already shows the owner's phone.
      await expect(shopper.getByRole('contentinfo').getByRole('link', { name: '+1 (876) 555-0199' })).toBeVisible();
      await shopper.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
      const added = await shopper.evaluate(async () => {
        const csrf = document.cookie.split('; ').find((entry) => entry.startsWith('csrftoken='))?.split('=')[1] ?? '';
        const response = await fetch('/api/orders/cart/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-key': localStorage.getItem('sessionKey') ?? '', 'x-csrftoken': csrf },
          body: JSON.stringify({ product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }),
        });
        return response.status;
      });
      expect(added).toBe(200);

      await shopper.goto('/checkout');
      const main = shopper.getByRole('main');
      await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
      await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
      await main.getByRole('textbox', { name: 'Email' }).fill(`st-andrew-${Date.now()}@example.com`);
      await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
      await main.getByRole('textbox', { name: 'Address' }).fill('12 Hope Road');
      await main.getByRole('textbox', { name: 'City' }).fill('Kingston');
      await main.getByRole('combobox', { name: /Parish/ }).fill('St. Andrew');

      const summary = shopper.getByRole('region', { name: 'Order Summary' });
      const line = (term: string) => summary.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
      await expect(line('Shipping (delivery to St. Andrew)')).toHaveText('J$650.00');
      await expect(line('Total')).toHaveText('J$12,550.00');
      await shopper.getByRole('button', { name: 'Place Order' }).click();

      await expect(shopper.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
      const order = shopper.getByRole('main');
      await expect(order.getByText('Shipping', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('J$650.00');
      await expect(order.getByText('J$12,550.00').first()).toBeVisible();
    } finally {
      await shopperContext.close();
      // Back as the shop started, for the journeys that run after this one on the same shop.
      await page.goto('/admin/settings');
      await saveSettings(page, { parish: 'St. Andrew', fee: '10.00', phone: '+1 (876) 555-0142' });
    }
  });

  test('staff do not see Settings, and opening /admin/settings directly gets the owner-only refusal', async ({ page }) => {
    await openBackOffice(page, 'staff');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.goto('/admin/settings');
    await expect(page.getByRole('alert')).toContainText('Only the shop owner can do this.');
    await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  });

  test('the dashboard is the first section, shows today’s figures and passes axe on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'owner', '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Today' })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Revenue, last 30 days' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('listitem').first()).toHaveText('Dashboard');
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
