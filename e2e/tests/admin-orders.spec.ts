import { expect, test } from './shop-test.ts';
import { customerOrders, personsPage, seriousViolations, staffOpenOrder, unique } from './shop-orders.ts';
import { mailsTo } from './shop-outbox.ts';

test.describe('orders in the back office', () => {
  // Two people's whole journeys: a customer's order and a member of staff handling it.
  test.describe.configure({ timeout: 120_000 });

  test('a customer orders cash on delivery, staff ship it with a tracking number, and the customer sees it shipped and gets the e-mail', async ({
    browser,
  }) => {
    const email = unique('shipped');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery', 'Delivery');

    const staff = await personsPage(browser, { width: 390, height: 844 });
    await staffOpenOrder(staff, email, orderNumber);
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.screenshot({ path: '/tmp/bo-orders-order-phone.png', fullPage: true });

    // The customer reads out the end of the number on the phone: staff find the order by it.
    for (const [width, height, size] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await staff.setViewportSize({ width, height });
      await staff.goto('/admin/orders');
      await staff.getByRole('searchbox', { name: 'Search' }).fill(orderNumber.slice(-5).toLowerCase());
      await staff.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(staff).toHaveURL(/search=/);
      await expect(staff.getByRole('link', { name: orderNumber })).toBeInViewport();
      await staff.screenshot({ path: `/tmp/admin-fixes-order-tail-search-${size}.png` });
    }
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.getByRole('link', { name: orderNumber }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();

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
