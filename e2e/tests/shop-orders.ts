import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { mailsTo } from './shop-outbox.ts';
import { openBackOffice } from './staff-accounts.ts';

/** The journeys of an order between a customer and the back office: placing one, and staff opening it. */
export const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A page in a context of its own (another person's browser); axe needs pages made this way. */
export async function personsPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  return (await browser.newContext({ viewport })).newPage();
}

export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A new customer signs up through the page (signed in from then on) with a Kingston Runner, 9, Black, in their cart. */
export async function signUpWithRunnerInCart(page: Page, email: string, firstName = 'Ayesha'): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('main');
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill('Campbell');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('island-breeze-42');
  await form.getByLabel('Confirm password').fill('island-breeze-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: firstName })).toBeVisible();
  const added = await page.evaluate(async () => {
    const csrf =
      document.cookie
        .split('; ')
        .find((entry) => entry.startsWith('csrftoken='))
        ?.split('=')[1] ?? '';
    const response = await fetch('/api/orders/cart/', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-session-key': localStorage.getItem('sessionKey') ?? '',
        'x-csrftoken': csrf,
        authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
      },
      body: JSON.stringify({ product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }),
    });
    return response.status;
  });
  expect(added).toBe(200);
}

/**
 * A new customer, signed up through the page, orders a Kingston Runner for pickup (or delivery to
 * St. Andrew, the parish typed as people type it); the order's number.
 */
export async function customerOrders(
  page: Page,
  email: string,
  payment: 'Cash on Delivery' | 'Card',
  shipping: 'Pickup' | 'Delivery' = 'Pickup',
): Promise<string> {
  await signUpWithRunnerInCart(page, email);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
  // Delivery is checkout's default (SPEC §5); 'Delivery' alone would also name 'Cash on Delivery'.
  if (shipping === 'Pickup') await page.getByRole('radio', { name: 'Pickup' }).check();
  else {
    await main.getByRole('textbox', { name: 'Address' }).fill('12 Hope Road');
    await main.getByRole('textbox', { name: 'City' }).fill('Kingston 10');
    await main.getByRole('combobox', { name: /Parish/ }).fill('st andrew');
    await main.getByRole('textbox', { name: 'Country' }).fill('Jamaica');
  }
  await page.getByRole('radio', { name: payment }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  if (payment === 'Card') {
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  }
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  return /order (TL-\d{6}-[A-Z0-9]{5})/.exec(mailsTo(email)[0] ?? '')?.[1] ?? '';
}

/** Staff open the order from the list by searching for the customer's e-mail. */
export async function staffOpenOrder(page: Page, email: string, orderNumber: string) {
  await openBackOffice(page, 'staff', '/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}

/** On the open order's page, staff take a pickup order from pending to delivered, confirming each step. */
export async function staffHandsOverPickup(page: Page, orderNumber: string) {
  for (const step of ['Start processing', 'Mark ready for pickup', 'Mark delivered']) {
    await page.getByRole('button', { name: step }).click();
    await page
      .getByRole('dialog', { name: `${step}: ${orderNumber}` })
      .getByRole('button', { name: step })
      .click();
    await expect(page.getByRole('button', { name: step })).toHaveCount(0);
  }
}
