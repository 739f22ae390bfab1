import { expect, type Page } from '@playwright/test';

/** The back office's accounts the browser tests' shop starts with (serve-fresh-shop.mjs makes them). */
export const backOfficeAccounts = {
  owner: { email: 'owner@threadline.test', password: 'back-office-owner-42', role: 'owner' },
  staff: { email: 'staff@threadline.test', password: 'back-office-staff-42', role: 'staff' },
} as const;

/** Signs in through the storefront's sign-in page, as staff do, and opens the back office at `path`. */
export async function openBackOffice(page: Page, who: keyof typeof backOfficeAccounts, path = '/admin') {
  const account = backOfficeAccounts[who];
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('main').getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}
