import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './shop-test.ts';
import { openBackOffice } from './staff-accounts.ts';

test.describe('the back office door', () => {
  test('a customer at /admin sees the storefront 403 page; staff sign in and land in the back office', async ({ page }) => {
    const email = `door${Date.now()}@example.com`;
    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByLabel('First name').fill('Ayesha');
    await main.getByLabel('Last name').fill('Campbell');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill('island-breeze-42');
    await main.getByLabel('Confirm password').fill('island-breeze-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('button', { name: /Ayesha/ })).toBeVisible();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'This area is for VIP members only' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  });

  test('staff find every section of the back office on a phone, and its pages pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'staff');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    const audit = nav.getByRole('link', { name: 'Audit log' });
    await audit.scrollIntoViewIfNeeded();
    await audit.click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
