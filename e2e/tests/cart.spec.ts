import { expect, test, type Page } from './shop-test.ts';

const runner = 'Kingston Runner (9 / Black)';

/** Adds the Kingston Runner in 9 / Black from its product page, as a shopper does. */
async function addRunnerFromProductPage(page: Page) {
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeVisible();
  await page.getByRole('radio', { name: '9' }).check();
  await page.getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('button', { name: /^Add to Cart - / }).click();
  return page.getByRole('dialog', { name: 'Your Cart' });
}

test.describe('the cart', () => {
  test('add, change quantities in the slide-out and on the cart page, survive a reload, clear', async ({ page }) => {
    const panel = await addRunnerFromProductPage(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Kingston Runner' })).toBeVisible();
    await expect(panel.getByText('9 / Black')).toBeVisible();
    // The open slide-out hides the page behind it from assistive technology, the badge included.
    await expect(page.getByRole('button', { name: 'Cart, 1 item', includeHidden: true })).toBeAttached();

    await panel.getByRole('button', { name: `Add one ${runner}` }).click();
    await expect(panel.getByRole('textbox', { name: `Quantity of ${runner}` })).toHaveValue('2');
    await expect(panel.getByText('Subtotal', { exact: true }).locator('..')).toContainText('J$23,800.00');
    await expect(page.getByRole('button', { name: 'Cart, 2 items', includeHidden: true })).toBeAttached();

    await panel.getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeHidden();
    const main = page.getByRole('main');
    await main.getByRole('button', { name: `Remove one ${runner}` }).click();
    await expect(main.getByRole('textbox', { name: `Quantity of ${runner}` })).toHaveValue('1');
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('Total', { exact: true }).locator('..')).toContainText(
      'J$11,900.00',
    );

    await page.reload();
    await expect(main.getByRole('textbox', { name: `Quantity of ${runner}` })).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect(panel.getByText('Your cart is empty.')).toBeVisible();
    await panel.getByRole('button', { name: 'Close cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByText('Start shopping to add items to your cart')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('on a phone, Clear offers Undo, which puts the line back at its quantity', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = await addRunnerFromProductPage(page);
    await panel.getByRole('button', { name: `Add one ${runner}` }).click();
    await expect(panel.getByRole('textbox', { name: `Quantity of ${runner}` })).toHaveValue('2');

    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect(panel.getByText('Your cart is empty.')).toBeVisible();
    const undo = panel.getByRole('button', { name: 'Undo' });
    // Said to screen readers by the live region, and shown beside Undo.
    await expect(panel.getByRole('paragraph').filter({ hasText: /^Cart cleared$/ })).toBeInViewport();
    await expect(undo).toBeInViewport();
    await expect(undo).toBeFocused();
    await page.screenshot({ path: '/tmp/shots-build/cart-cleared-undo-phone.png' });
    await undo.click();
    await expect(panel.getByRole('textbox', { name: `Quantity of ${runner}` })).toHaveValue('2');
    await expect(undo).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cart, 2 items', includeHidden: true })).toBeAttached();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  });

  test('applies and removes a promo code on the cart page', async ({ page }) => {
    const panel = await addRunnerFromProductPage(page);
    await panel.getByRole('link', { name: 'View Cart' }).click();

    const code = page.getByRole('textbox', { name: 'Promo code' });
    await code.fill('nope');
    await code.press('Enter');
    await expect(page.getByText('Invalid promo code')).toBeVisible();

    await code.fill('  welcome20 ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Promo code applied successfully!')).toBeVisible();
    await expect(page.getByText('Promo code "WELCOME20" applied')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText('-J$2,380.00')).toBeVisible();
    await expect(summary.getByText('J$9,520.00')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Promo code "WELCOME20" applied')).toBeVisible();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('Promo code removed successfully!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
    await expect(summary.getByText('Total', { exact: true }).locator('..')).toContainText('J$11,900.00');
  });

  test("a guest's cart joins the account at sign-in", async ({ page }) => {
    await addRunnerFromProductPage(page);
    const signedIn = await page.evaluate(async () => {
      const cookie =
        document.cookie
          .split('; ')
          .find((entry) => entry.startsWith('csrftoken='))
          ?.split('=')[1] ?? '';
      const response = await fetch('/api/users/auth/register/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-key': localStorage.getItem('sessionKey') ?? '', 'x-csrftoken': cookie },
        body: JSON.stringify({
          first_name: 'Merge',
          last_name: 'Tester',
          email: `merge${Date.now()}@example.com`,
          password1: 'merge-me-please',
          password2: 'merge-me-please',
        }),
      });
      const answer = (await response.json()) as { token: string; refresh: string };
      localStorage.setItem('accessToken', answer.token);
      localStorage.setItem('refreshToken', answer.refresh);
      localStorage.removeItem('sessionKey');
      return response.status;
    });
    expect(signedIn).toBe(201);
    await page.goto('/cart');
    await expect(page.getByRole('textbox', { name: `Quantity of ${runner}` })).toHaveValue('1');
  });

  test('an add the server never answered is kept, shown as not saved, and sent when back online', async ({ page }) => {
    await page.goto('/product/1');
    await page.route('**/api/orders/cart/', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('radio', { name: '9' }).check();
    await page.getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('button', { name: /^Add to Cart - / }).click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    const waiting = panel.getByRole('region', { name: 'Not saved yet' });
    await expect(waiting).toContainText(`1 × ${runner}`);
    await expect(waiting).toContainText('not in the total yet');
    await expect(page.getByRole('button', { name: 'Cart, 1 item', includeHidden: true })).toBeAttached();

    await page.unroute('**/api/orders/cart/');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(waiting).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Kingston Runner' })).toBeVisible();
    await expect(panel.getByText('Subtotal', { exact: true }).locator('..')).toContainText('J$11,900.00');
  });
});
