import { expect, test, type Page } from './shop-test.ts';
import { callApi } from './shop-api.ts';

/** A guest session holding one Kingston Runner (J$11,900), on the checkout page of the shop that takes PowerTranz. */
async function checkoutWithRunner(page: Page) {
  await page.goto('/');
  await page.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
  expect(await callApi(page, 'POST', '/orders/cart/', { product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' })).toBe(200);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

test.describe('paying through PowerTranz', () => {
  test("a shopper pays on PowerTranz's hosted page and lands on the confirmation, paid", async ({ page }) => {
    const offered = (await (await page.request.get('/api/store/')).json()) as { payment_methods: string[] };
    expect(offered.payment_methods).toContain('powertranz');

    await checkoutWithRunner(page);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
    await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
    await main.getByRole('textbox', { name: 'Email' }).fill(`powertranz-${Date.now()}@example.com`);
    await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('radio', { name: 'Pay by card (PowerTranz)' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/payment\/\d+$/);
    await expect(page.getByText('Card via PowerTranz')).toBeVisible();
    await expect(page.getByText('J$11,900.00')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    // The gateway's hosted page (the stand-in's), shown through the shop's page of its RedirectData.
    await expect(page.getByRole('heading', { level: 1, name: 'PowerTranz secure payment' })).toBeVisible();
    await expect(page.getByText('Pay JMD 11900.00')).toBeVisible();
    await page.getByLabel('Card number').fill('4012000000020071');
    await page.getByLabel('Expiry (YYMM)').fill('2912');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Confirm Payment' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByText('PROCESSING', { exact: true })).toBeVisible();
  });
});
