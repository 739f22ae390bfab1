import { drawnPng } from './drawn-picture.ts';
import { expect, test } from './shop-test.ts';
import { customerOrders, personsPage, seriousViolations, staffOpenOrder, unique } from './shop-orders.ts';
import { mailsTo } from './shop-outbox.ts';

test.describe("the driver's day", () => {
  test.describe.configure({ timeout: 120_000 });

  test('on a phone, staff open the run, see the stop and its cash, mark it delivered with who took it and the cash, and the order shows delivered and paid with the proof', async ({
    browser,
  }) => {
    const email = unique('driver');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery', 'Delivery');
    await customer.context().close();

    const staff = await personsPage(browser, { width: 390, height: 844 });
    await staffOpenOrder(staff, email, orderNumber);
    const total = (
      await staff
        .getByRole('region', { name: 'Items' })
        .locator('dt', { hasText: /^Total$/ })
        .locator('xpath=..')
        .locator('dd')
        .innerText()
    ).trim();
    await staff.getByRole('button', { name: 'Start processing' }).click();
    await staff
      .getByRole('dialog', { name: `Start processing: ${orderNumber}` })
      .getByRole('button', { name: 'Start processing' })
      .click();
    await expect(staff.getByRole('button', { name: 'Mark shipped' })).toBeVisible();

    // The driver's page, from the back office's navigation.
    await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Deliveries' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();
    const stop = staff.getByRole('region', { name: 'St. Andrew' }).getByRole('article', { name: `Stop ${orderNumber}` });
    await expect(stop).toContainText('12 Hope Road, Kingston 10, St. Andrew');
    await expect(stop).toContainText(`Collect ${total} in cash`);
    await expect(stop.getByRole('link', { name: 'Call 876 555 0100' })).toHaveAttribute('href', 'tel:8765550100');
    await stop.scrollIntoViewIfNeeded();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.screenshot({ path: '/tmp/delivery32b-run-phone.png' });

    await stop.getByRole('button', { name: 'Delivered' }).click();
    const dialog = staff.getByRole('dialog', { name: `Delivered: ${orderNumber}` });
    await dialog.getByLabel('Received by').fill('Ayesha Campbell');
    await dialog.getByLabel('Photo (optional)').setInputFiles({
      name: 'gate.png',
      mimeType: 'image/png',
      buffer: await drawnPng(staff, 900, '#c2410c', '#fde68a'),
    });
    await expect(dialog.getByRole('checkbox', { name: `Cash collected (${total})` })).toBeChecked();
    await staff.screenshot({ path: '/tmp/delivery32b-delivered-dialog-phone.png' });
    await dialog.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(staff.getByText(`${orderNumber} delivered.`)).toBeVisible();
    await expect(stop).toContainText('received by Ayesha Campbell, cash collected.');
    await expect(stop).toContainText('Nothing to collect');
    await expect(stop.getByRole('button', { name: 'Delivered' })).toHaveCount(0);

    // The order: delivered and paid, with the proof and the photo only staff open.
    await stop.getByRole('link', { name: orderNumber }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expect(staff.getByText('Delivered', { exact: true }).first()).toBeVisible();
    await expect(staff.getByText('Paid', { exact: true }).first()).toBeVisible();
    const proof = staff.getByRole('region', { name: 'Proof of delivery' });
    await expect(proof).toContainText('Ayesha Campbell');
    await expect(proof).toContainText('Cash collectedYes');
    await proof.getByRole('button', { name: 'View photo' }).click();
    await expect(proof.getByRole('img', { name: `The delivery of ${orderNumber}, received by Ayesha Campbell` })).toBeVisible();
    await expect(staff.getByRole('region', { name: 'History' })).toContainText('Received by Ayesha Campbell, cash collected');
    await expect(staff.getByRole('region', { name: 'Items' })).toContainText(/Invoice numberINV-\d{6}/);
    await proof.scrollIntoViewIfNeeded();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await staff.screenshot({ path: '/tmp/delivery32b-order-proof-phone.png' });
    await expect.poll(() => mailsTo(email).some((mail) => mail.includes(`Your order ${orderNumber} was delivered.`))).toBe(true);
    await staff.context().close();
  });
});
