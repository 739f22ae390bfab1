import { expect, test } from './shop-test.ts';
import { callApi } from './shop-api.ts';
import { signUpWithRunnerInCart, unique } from './shop-orders.ts';

// KINGSTON.md §3 at phone size: a landmark address, Knutsford Express to a chosen branch, and the
// promise on checkout and on the confirmation.
test.use({ viewport: { width: 390, height: 844 } });

test('a shopper on a phone sends an order by Knutsford Express to Montego Bay and sees when to expect it', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
  expect(await callApi(page, 'POST', '/orders/cart/', { product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' })).toBe(200);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Place Order' })).toBeVisible();
  await main.getByRole('textbox', { name: 'First name' }).fill('Tashana');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Reid');
  await main.getByRole('textbox', { name: 'Email' }).fill(`tashana-${Date.now()}@example.com`);
  await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0188');
  // The address the driver would need, typed first: the landmark stays with the form.
  await main.getByRole('textbox', { name: 'Address' }).fill('Lot 14, Main Road');
  await main.getByRole('textbox', { name: /Landmark/ }).fill('opposite the Texaco');
  await main.getByRole('textbox', { name: 'City' }).fill('Cambridge');
  await main.getByRole('combobox', { name: /Parish/ }).fill('St. James');
  await page.screenshot({ path: '/tmp/d32a-shots/checkout-delivery-phone.png', fullPage: true });

  await main.getByRole('radio', { name: 'Knutsford Express' }).check();
  await expect(main.getByRole('radio', { name: 'Knutsford Express' })).toHaveAccessibleDescription(/Knutsford Express branch/);
  await main.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toContainText('pickup point is required');
  await main.getByRole('combobox', { name: 'Knutsford Express branch' }).selectOption({ label: 'Knutsford Express, Montego Bay' });
  await expect(main.getByText('Collect at Knutsford Express, Montego Bay (St. James)')).toBeVisible();
  const promise = main.getByText(/^Expected by \w+day, \w+ \d{1,2}, \d{4}$/);
  await expect(promise).toBeVisible();
  const expected = await promise.textContent();
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('J$900.00')).toBeVisible();
  await page.screenshot({ path: '/tmp/d32a-shots/checkout-knutsford-phone.png', fullPage: true });

  await main.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+/);
  await expect(page.getByText(expected ?? 'never')).toBeVisible();
  await expect(page.getByText('Knutsford Express: collect at Knutsford Express, Montego Bay (St. James)')).toBeVisible();
  await page.screenshot({ path: '/tmp/d32a-shots/confirmation-knutsford-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/d32a-shots/confirmation-knutsford-desktop.png', fullPage: true });
});

test("a signed-in shopper's Knutsford Express order says in their orders where it waits and when to expect it", async ({ page }) => {
  await signUpWithRunnerInCart(page, unique('tashana'), 'Tashana');
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await expect(page.getByText('✓ Profile loaded')).toBeVisible();
  await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0188');
  await main.getByRole('radio', { name: 'Knutsford Express' }).check();
  await main.getByRole('combobox', { name: 'Knutsford Express branch' }).selectOption({ label: 'Knutsford Express, Montego Bay' });
  const expected = await main.getByText(/^Expected by \w+day, \w+ \d{1,2}, \d{4}$/).textContent();
  await main.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+/);

  await page.goto('/orders');
  const order = page.getByRole('main').getByRole('article', { name: /^Order TL-/ });
  await expect(order.getByText(expected ?? 'never')).toBeVisible();
  await expect(order.getByText('Collect at')).toBeVisible();
  await expect(order.getByText('Knutsford Express, Montego Bay...')).toBeVisible();
  await expect(order.getByText('Pickup at our store')).toHaveCount(0);
  await order.getByRole('button', { name: /View Details/ }).click();
  await expect(page.getByRole('dialog').getByText('Knutsford Express, Montego Bay (St. James)')).toBeVisible();
  await page.screenshot({ path: '/tmp/d32a-shots/account-orders-knutsford-phone.png', fullPage: true });
});
