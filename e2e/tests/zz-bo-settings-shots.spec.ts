import { test } from '@playwright/test';
import { openBackOffice } from './staff-accounts.ts';

test('screenshots', async ({ page }) => {
  test.setTimeout(180_000);
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(size);
    if (name === 'phone') await openBackOffice(page, 'owner', '/admin/dashboard');
    else await page.goto('/admin/dashboard');
    await page.getByRole('region', { name: 'Today' }).waitFor();
    await page.screenshot({ path: `/tmp/bo-settings-dashboard-${name}.png`, fullPage: true });
    await page.goto('/admin/settings');
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    await page.screenshot({ path: `/tmp/bo-settings-settings-${name}.png`, fullPage: true });
    await page.getByRole('textbox', { name: 'Portland (J$)' }).fill('-3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.screenshot({ path: `/tmp/bo-settings-settings-error-${name}.png` });
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  }
});
