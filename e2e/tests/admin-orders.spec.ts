import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './shop-test.ts';
import { mailsTo } from './shop-outbox.ts';
import { openBackOffice } from './staff-accounts.ts';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A page in a context of its own (another person's browser); axe needs pages made this way. */
async function personsPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  return (await browser.newContext({ viewport })).newPage();
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A new customer, signed up through the page, orders a Kingston Runner for pickup; the order's number. */
async function customerOrders(page: Page, email: string, payment: 'Cash on Delivery' | 'Card'): Promise<string> {
  await page.goto('/signup');
  const form = page.getByRole('main');
  await form.getByLabel('First name').fill('Ayesha');
  await form.getByLabel('Last name').fill('Campbell');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('island-breeze-42');
  await form.getByLabel('Confirm password').fill('island-breeze-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: /Ayesha/ })).toBeVisible();
  const added = await page.evaluate(async () => {
    const csrf = document.cookie.split('; ').find((entry) => entry.startsWith('csrftoken='))?.split('=')[1] ?? '';
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
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
  await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
  await page.getByRole('radio', { name: 'Pickup' }).check();
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
async function staffOpenOrder(page: Page, email: string, orderNumber: string) {
  await openBackOffice(page, 'staff', '/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}

test.describe('orders in the back office', () => {
  // Two people's whole journeys: a customer's order and a member of staff handling it.
  test.describe.configure({ timeout: 120_000 });

  test('a customer orders cash on delivery, staff ship it with a tracking number, and the customer sees it shipped and gets the e-mail', async ({ browser }) => {
    const email = unique('shipped');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery');

    const staff = await personsPage(browser, { width: 390, height: 844 });
    await staffOpenOrder(staff, email, orderNumber);
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.screenshot({ path: '/tmp/bo-orders-order-phone.png', fullPage: true });

    await staff.getByRole('button', { name: 'Start processing' }).click();
    const processing = staff.getByRole('dialog', { name: `Start processing: ${orderNumber}` });
    await processing.getByLabel(/Note/).fill('Picked from shelf B');
    await processing.getByRole('button', { name: 'Start processing' }).click();
    await expect(processing).toHaveCount(0);
    await expect(staff.getByRole('region', { name: 'History' }).getByText('Picked from shelf B')).toBeVisible();

    await staff.getByRole('button', { name: 'Mark shipped' }).click();
    const shipping = staff.getByRole('dialog', { name: `Mark shipped: ${orderNumber}` });
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(shipping.getByText('Enter the tracking number; the customer gets it by e-mail.')).toBeVisible();
    await shipping.getByLabel('Tracking number').fill('JMP-48213');
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(shipping).toHaveCount(0);
    await expect(staff.getByRole('region', { name: 'Customer' }).getByText('JMP-48213')).toBeVisible();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await expect.poll(() => mailsTo(email).find((mail) => mail.includes('has shipped')) ?? '').toContain('Tracking number: JMP-48213');

    await customer.goto('/orders');
    const card = customer.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `View Details of order ${orderNumber}` }).click();
    const dialog = customer.getByRole('dialog', { name: `Order ${orderNumber}` });
    await expect(dialog.getByText('JMP-48213')).toBeVisible();
    const history = dialog.getByRole('region', { name: 'Order history' });
    await expect(history.getByRole('listitem')).toHaveText([/^Placed/, /^Processing/, /^Shipped/]);
    await customer.context().close();
    await staff.context().close();
  });

  test('staff refund a card order in full and the customer sees Refunded; the order pages pass axe on a desktop', async ({ browser }) => {
    const email = unique('refund');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Card');

    const staff = await personsPage(browser);
    await staffOpenOrder(staff, email, orderNumber);
    await staff.getByRole('button', { name: 'Refund' }).click();
    const refund = staff.getByRole('dialog', { name: `Refund ${orderNumber}` });
    await refund.getByLabel('Amount (JMD)').fill('99999');
    await refund.getByLabel('Reason').fill('Wrong size, returned');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund.getByText(/is left to refund/)).toBeVisible();
    await refund.getByLabel('Amount (JMD)').fill('');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund).toHaveCount(0);
    const money = staff.getByRole('region', { name: 'Payments and refunds' });
    await expect(money.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(money.getByText('Wrong size, returned')).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.screenshot({ path: '/tmp/bo-orders-order-desktop.png', fullPage: true });

    await staff.getByRole('link', { name: 'All orders' }).click();
    await expect(staff.getByRole('table')).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.screenshot({ path: '/tmp/bo-orders-list-desktop.png', fullPage: true });
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.screenshot({ path: '/tmp/bo-orders-list-phone.png', fullPage: true });
    expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await expect.poll(() => mailsTo(email).some((mail) => mail.includes('We refunded J$11,900.00'))).toBe(true);
    await customer.goto('/orders');
    const card = customer.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
    await customer.context().close();
    await staff.context().close();
  });
});
