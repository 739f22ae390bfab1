import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';
import { mailsTo } from './shop-outbox.ts';
import { callApi } from './shop-api.ts';

interface RunnerVariant {
  size: string;
  color: string;
}

const usualRunner: RunnerVariant = { size: '9', color: 'Black' };
/**
 * The Runner the journeys that count a stock hold order: no other journey orders 11 / Red, and
 * another file's orders of 9 / Black, run at the same time, moved the count under them.
 */
const countedRunner: RunnerVariant = { size: '11', color: 'Red' };

/** A guest session holding one Kingston Runner (on sale at J$11,900), by default in 9 / Black, on the checkout page. */
async function checkoutWithRunner(page: Page, variant: RunnerVariant = usualRunner) {
  await page.goto('/');
  await page.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
  expect(
    await callApi(page, 'POST', '/orders/cart/', { product_id: 1, quantity: 1, variant_size: variant.size, variant_color: variant.color }),
  ).toBe(200);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
}

/** Units of the Kingston Runner in that size and colour the shop has to sell (a card order holds its units). */
async function runnerStock(page: Page, { size, color }: RunnerVariant): Promise<number> {
  const product = (await (await page.request.get('/api/product/1/')).json()) as {
    variants: { size: string | null; color: string | null; stock: number }[];
  };
  return product.variants.find((variant) => variant.size === size && variant.color === color)?.stock ?? -1;
}

/** The order link of the confirmation e-mail sent to `email`, from the shop's outbox (no SMTP in the browser tests). */
function mailedOrderLink(email: string): string {
  for (const mail of mailsTo(email)) {
    // The shop's own notice of the order names the customer's e-mail too, but has no such link.
    const link = /http:\/\/[^\s"<>]+\/order-confirmation\/\d+\?token=[\w.-]+/.exec(mail)?.[0];
    if (link) return link;
  }
  return '';
}

async function fillDetails(page: Page, email: string) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe('checkout', () => {
  test('names the missing details and charges the real shipping of the method', async ({ page }) => {
    await checkoutWithRunner(page);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText('J$10.00')).toBeVisible();
    await expect(summary.getByText('J$11,910.00')).toBeVisible();

    await page.getByRole('button', { name: 'Place Order' }).click();
    const alert = page.getByRole('alert');
    for (const message of [
      'first name is required',
      'last name is required',
      'email is required',
      'phone is required',
      'address is required',
      'city is required',
    ]) {
      await expect(alert).toContainText(message);
    }
    await expect(page.getByRole('main').getByRole('textbox', { name: 'First name' })).toBeFocused();
    // Every message in words: none names a field as the form or the wire keys it (address1, address_line1).
    await expect(alert).not.toContainText(/address1|address_line1|first_name|_/);
    await page.screenshot({ path: '/tmp/shots-build/checkout-messages.png', fullPage: true });
    // A field takes no more than the server keeps, so the server's bounds message never reaches the shopper.
    const address = page.getByRole('main').getByRole('textbox', { name: 'Address' });
    await address.fill('a'.repeat(250));
    await expect(address).toHaveValue('a'.repeat(200));
    await address.fill('');

    await page.getByRole('radio', { name: 'Pickup' }).check();
    await expect(alert).not.toContainText('address is required');
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Address' })).toHaveCount(0);
    await expect(summary.getByText('J$0.00').first()).toBeVisible();
    await expect(summary.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('J$11,900.00');
  });

  test('a guest pays cash on delivery and sees Order Confirmed!', async ({ page }) => {
    await checkoutWithRunner(page);
    await fillDetails(page, unique('guest'));
    await page.getByRole('main').getByRole('textbox', { name: 'Address' }).fill('12 Hope Road');
    await page.getByRole('main').getByRole('textbox', { name: 'City' }).fill('Kingston');
    // A delivery in Jamaica names its parish (KINGSTON.md §3).
    await page
      .getByRole('main')
      .getByRole('combobox', { name: /Parish/ })
      .fill('St. Andrew');
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByText('PENDING', { exact: true })).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByText('J$11,910.00').first()).toBeVisible();
    await expect(page.getByText('You pay in cash when your order is delivered.')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('a card order is paid on the test provider page and shows Paid', async ({ page }) => {
    await checkoutWithRunner(page);
    await fillDetails(page, unique('card'));
    await page.getByRole('radio', { name: 'Pickup' }).check();
    // The browser journeys run without a Stripe key: every page says the payment takes no money.
    await expect(page.getByRole('radio', { name: 'Card' })).toHaveAccessibleDescription(/Test payment: no money is taken\./);
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/payment\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Payment' })).toBeVisible();
    await expect(page.getByText('Card (test payment)')).toBeVisible();
    await expect(page.getByText('Test payment: no money is taken.')).toBeVisible();
    await expect(page.getByText('J$11,900.00')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Test card payment' })).toBeVisible();
    await expect(page.getByText('Test payment: no money is taken.')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\/\d+\?session_id=cs_test_/);
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByText('PROCESSING', { exact: true })).toBeVisible();
    await expect(page.getByText('Your payment has been confirmed and your order is being processed.')).toBeVisible();
  });

  test('a card payment cancelled on the provider page can be given up: the items are back in the cart and the stock hold ends', async ({
    page,
  }) => {
    await checkoutWithRunner(page, countedRunner);
    const heldBefore = await runnerStock(page, countedRunner);
    await fillDetails(page, unique('cancel'));
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Test card payment' })).toBeVisible();
    expect(await runnerStock(page, countedRunner)).toBe(heldBefore - 1);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/payment\/\d+\?payment=cancelled$/);
    await expect(page.getByText(/You cancelled the payment, so nothing was charged\./)).toBeVisible();
    // The choice is seen without scrolling, on a laptop and on a phone.
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(page.getByRole('button', { name: 'Pay again' })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Back to cart' })).toBeInViewport();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back to cart' }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('Your payment was cancelled. Your items are back in your cart.')).toBeInViewport();
    await expect(page.getByRole('main').getByText('Kingston Runner').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    expect(await runnerStock(page, countedRunner)).toBe(heldBefore);
  });

  test("'Cancel & Go Home' gives the card order up and the home page says the items are back", async ({ page }) => {
    await checkoutWithRunner(page, countedRunner);
    const heldBefore = await runnerStock(page, countedRunner);
    await fillDetails(page, unique('gohome'));
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel & Go Home' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your payment was cancelled. Your items are back in your cart.')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    expect(await runnerStock(page, countedRunner)).toBe(heldBefore);
  });

  test("an e-mailed order link opens the guest's order in a browser with no session; a changed one says so", async ({ page, browser }) => {
    await checkoutWithRunner(page);
    const email = unique('linked');
    await fillDetails(page, email);
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    const orderNumber =
      (await page
        .getByText(/^TL-\d{6}-\w+$/)
        .first()
        .textContent()) ?? '';
    await expect.poll(() => mailedOrderLink(email), { timeout: 10_000 }).not.toBe('');
    const link = mailedOrderLink(email);
    expect(link.startsWith(`${new URL(page.url()).origin}/order-confirmation/`)).toBe(true);

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    await expect(other.getByText(orderNumber, { exact: true })).toBeVisible();
    await expect(other.getByText('J$11,900.00').first()).toBeVisible();

    await other.goto(link.replace(/token=(\d+)/, (_match, expiry: string) => `token=${Number(expiry) + 1}`));
    await expect(other.getByRole('heading', { level: 1, name: 'Order Error' })).toBeVisible();
    await expect(other.getByRole('alert')).toHaveText(
      'This order link is not valid or has expired. Sign in to see your orders, or contact us with your order number.',
    );
    await elsewhere.close();
  });

  test('an e-mail with an account sends the guest to sign in, then brings the form back', async ({ page }) => {
    const email = unique('member');
    await page.goto('/');
    await page.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
    const registered = await callApi(page, 'POST', '/users/auth/register/', {
      first_name: 'Mem',
      last_name: 'Ber',
      email,
      password1: 'member-pass-1',
      password2: 'member-pass-1',
    });
    expect(registered).toBe(201);
    await checkoutWithRunner(page);
    await fillDetails(page, email);
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText('An account with this email already exists. Please sign in to continue with your checkout.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('checkoutFormData') ?? '{}') as { email?: string; shippingMethod?: string },
    );
    expect(saved).toMatchObject({ email, shippingMethod: 'pickup' });

    await page.getByLabel('Password').fill('member-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('✓ Profile loaded')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('textbox', { name: 'First name' })).toHaveValue('Ayesha');
    await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('radio', { name: 'Pickup' })).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('checkoutFormData'))).toBeNull();

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  });

  test('checkout, payment and confirmation have no serious or critical accessibility violations', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await checkoutWithRunner(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await fillDetails(page, unique('axe'));
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Payment' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
