import { expect, test, type Page } from './shop-test.ts';
import { customerOrders, personsPage, seriousViolations, staffOpenOrder, unique } from './shop-orders.ts';
import { mailsTo } from './shop-outbox.ts';

/**
 * Issue 28: the order's own page (the link of every e-mail, a guest's only view of the order) says
 * where the order is, never asks for a payment that was made (refunded or not), and a pickup order
 * is made ready for pickup, never shipped with a made-up tracking number.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** The order page an e-mail to `email` about `subject` links to, as a path on this shop. */
async function linkOf(email: string, subject: RegExp): Promise<string> {
  await expect.poll(() => mailsTo(email).some((mail) => subject.test(mail))).toBe(true);
  const mail = mailsTo(email).find((each) => subject.test(each)) ?? '';
  const link = new URL(/Your order: (\S+)/.exec(mail)?.[1] ?? 'http://missing/');
  return `${link.pathname}${link.search}`;
}

/** The page at both sizes the shop is looked at, for a person to look at. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize(phone);
  await page.screenshot({ path: `/tmp/order-status-${name}-phone.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize(desktop);
  await page.screenshot({ path: `/tmp/order-status-${name}-desktop.png`, fullPage: true });
}

test.describe('the order page every e-mail links to', () => {
  // Two people's whole journeys: a customer's order and a member of staff handling it.
  test.describe.configure({ timeout: 150_000 });

  test('a card order refunded in part never asks to be paid again, and staff see it was a test payment', async ({ browser }) => {
    const email = unique('refunded');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Card');

    const staff = await personsPage(browser);
    await staffOpenOrder(staff, email, orderNumber);
    const summary = staff.getByRole('main').locator('dl').first();
    await expect(summary.getByText('Fulfilment', { exact: true })).toBeVisible();
    await expect(summary.getByText('Payment', { exact: true })).toBeVisible();
    await expect(summary.getByText('TEST payment · no money taken')).toBeVisible();
    await staff.getByRole('button', { name: 'Refund' }).click();
    const refund = staff.getByRole('dialog', { name: `Refund ${orderNumber}` });
    await refund.getByLabel('Amount (JMD)').fill('1000');
    await refund.getByLabel('Reason').fill('Scuffed toe');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund).toHaveCount(0);
    await expect(summary.getByText('Partly refunded', { exact: true })).toBeVisible();
    await staff.screenshot({ path: '/tmp/order-status-bo-refunded-desktop.png', fullPage: true });

    // The refund e-mail's link, opened on another device by someone not signed in.
    const link = await linkOf(email, /We refunded J\$1,000\.00/);
    const reader = await personsPage(browser, phone);
    await reader.goto(link);
    await expect(reader.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    const next = reader.getByRole('region', { name: "What's Next?" });
    await expect(next).toContainText('J$1,000.00 of your payment was refunded.');
    await expect(next).toContainText('Nothing more is due.');
    await expect(reader.getByText('Partly refunded', { exact: true })).toBeVisible();
    await expect(reader.getByText('Payment is pending')).toHaveCount(0);
    await expect(reader.getByRole('link', { name: 'Complete Payment' })).toHaveCount(0);
    expect(await seriousViolations(reader)).toEqual([]);
    await screenshots(reader, 'refunded');

    // Asked for by its address, the payment page offers nothing to pay, and the server refuses.
    await customer.goto(link.replace(/^\/order-confirmation\/(\d+).*$/, '/payment/$1?payment=cancelled'));
    await expect(customer.getByText('This order was paid and then refunded; it cannot be paid again.')).toBeVisible();
    await expect(customer.getByRole('button', { name: /Proceed to Payment|Pay again/ })).toHaveCount(0);
    const orderId = /\/order-confirmation\/(\d+)/.exec(link)?.[1] ?? '';
    const refused = await customer.evaluate(async (id) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((entry) => entry.startsWith('csrftoken='))
          ?.split('=')[1] ?? '';
      const response = await fetch(`/api/orders/payment/stripe/${id}/`, {
        method: 'POST',
        headers: {
          'x-session-key': localStorage.getItem('sessionKey') ?? '',
          'x-csrftoken': csrf,
          authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
        },
      });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    }, orderId);
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'This order was paid and then refunded; it cannot be paid again.' }),
    });
    await customer.context().close();
    await reader.context().close();
    await staff.context().close();
  });

  test('a pickup order is made ready for pickup (no tracking number asked), the customer is told where and when, and the page shows each step', async ({
    browser,
    request,
  }) => {
    const email = unique('pickup');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery');
    const store = (
      (await (await request.get('/api/store/')).json()) as { store: { street: string; hours: { days: string; hours: string }[] } }
    ).store;

    const staff = await personsPage(browser, phone);
    await staffOpenOrder(staff, email, orderNumber);
    await staff.getByRole('button', { name: 'Start processing' }).click();
    await staff
      .getByRole('dialog', { name: `Start processing: ${orderNumber}` })
      .getByRole('button', { name: 'Start processing' })
      .click();
    await expect(staff.getByRole('button', { name: 'Mark ready for pickup' })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
    await staff.getByRole('button', { name: 'Mark ready for pickup' }).click();
    const ready = staff.getByRole('dialog', { name: `Mark ready for pickup: ${orderNumber}` });
    await expect(ready.getByLabel('Tracking number')).toHaveCount(0);
    await expect(ready.getByText(/e-mailed that the order is ready/)).toBeVisible();
    await staff.screenshot({ path: '/tmp/order-status-bo-ready-dialog-phone.png' });
    await ready.getByRole('button', { name: 'Mark ready for pickup' }).click();
    await expect(ready).toHaveCount(0);
    await expect(staff.getByRole('main').locator('dl').first().getByText('Ready for pickup', { exact: true })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

    const link = await linkOf(email, /is ready for pickup/);
    const readyMail = mailsTo(email).find((mail) => /is ready for pickup/.test(mail)) ?? '';
    expect(readyMail).toContain(`Collect it at our store: ${store.street}`);
    expect(readyMail).toContain(`Opening hours: ${store.hours.map((line) => `${line.days} ${line.hours}`).join('; ')}.`);
    expect(mailsTo(email).some((mail) => /on its way|has shipped|prepared and shipped/.test(mail))).toBe(false);

    const reader = await personsPage(browser, phone);
    await reader.goto(link);
    await expect(reader.getByRole('heading', { level: 1, name: 'Ready for Pickup' })).toBeVisible();
    await expect(reader.getByText('READY FOR PICKUP', { exact: true })).toBeVisible();
    const next = reader.getByRole('region', { name: "What's Next?" });
    await expect(next).toContainText(`Collect it at our store: ${store.street}`);
    await expect(next).toContainText('Please have J$11,900.00 in cash ready.');
    await expect(reader.getByText(/shipped/i)).toHaveCount(0);
    const history = reader.getByRole('region', { name: 'Order history' });
    await expect(history.getByRole('listitem')).toHaveText([/^Placed \d/, /^Processing \d/, /^Ready for pickup \d/]);
    expect(await seriousViolations(reader)).toEqual([]);
    await screenshots(reader, 'ready-for-pickup');

    await staff.getByRole('button', { name: 'Mark delivered' }).click();
    await staff
      .getByRole('dialog', { name: `Mark delivered: ${orderNumber}` })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await expect(staff.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1, name: 'Order Collected' })).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveText([/^Placed/, /^Processing/, /^Ready for pickup/, /^Delivered/]);
    await customer.context().close();
    await reader.context().close();
    await staff.context().close();
  });

  test('a delivery shipped with a tracking number shows it and its history to a guest with the link; the address names its parish', async ({
    browser,
  }) => {
    const email = unique('delivered');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery', 'Delivery');

    const staff = await personsPage(browser);
    await staffOpenOrder(staff, email, orderNumber);
    await expect(staff.getByRole('region', { name: 'Customer' }).getByText('12 Hope Road, Kingston 10, St. Andrew, Jamaica')).toBeVisible();
    await staff.getByRole('button', { name: 'Start processing' }).click();
    await staff
      .getByRole('dialog', { name: `Start processing: ${orderNumber}` })
      .getByRole('button', { name: 'Start processing' })
      .click();
    await staff.getByRole('button', { name: 'Mark shipped' }).click();
    const shipping = staff.getByRole('dialog', { name: `Mark shipped: ${orderNumber}` });
    await shipping.getByLabel('Tracking number').fill('JMP-77120');
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(shipping).toHaveCount(0);

    const link = await linkOf(email, /has shipped/);
    const reader = await personsPage(browser, phone);
    await reader.goto(link);
    await expect(reader.getByRole('heading', { level: 1, name: 'Order Shipped' })).toBeVisible();
    await expect(reader.getByText(/will be prepared and shipped within/)).toHaveCount(0);
    const history = reader.getByRole('region', { name: 'Order history' });
    await expect(history.getByText('JMP-77120')).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveText([/^Placed \d/, /^Processing \d/, /^Shipped \d/]);
    await expect(reader.getByText('12 Hope Road, Kingston 10, St. Andrew, Jamaica')).toBeVisible();
    await screenshots(reader, 'shipped');

    await staff.getByRole('button', { name: 'Mark delivered' }).click();
    await staff
      .getByRole('dialog', { name: `Mark delivered: ${orderNumber}` })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await expect(staff.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1, name: 'Order Delivered' })).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveText([/^Placed/, /^Processing/, /^Shipped/, /^Delivered/]);
    await expect(history.getByText('JMP-77120')).toBeVisible();
    await screenshots(reader, 'delivered');
    await customer.context().close();
    await reader.context().close();
    await staff.context().close();
  });

  test('a cancelled cash order never paid reads as void, not pending, in the back office and on its page', async ({ browser }) => {
    const email = unique('void');
    const customer = await personsPage(browser);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery');
    const staff = await personsPage(browser, phone);
    await staffOpenOrder(staff, email, orderNumber);
    await staff.getByRole('button', { name: 'Cancel order' }).click();
    await staff
      .getByRole('dialog', { name: `Cancel order: ${orderNumber}` })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    const summary = staff.getByRole('main').locator('dl').first();
    await expect(summary.getByText('Void (not due)', { exact: true })).toBeVisible();
    await expect(summary.getByText('Pending', { exact: true })).toHaveCount(0);
    await staff.screenshot({ path: '/tmp/order-status-bo-void-phone.png', fullPage: true });

    const link = await linkOf(email, /was cancelled/);
    const reader = await personsPage(browser, phone);
    await reader.goto(link);
    await expect(reader.getByRole('heading', { level: 1, name: 'Order Cancelled' })).toBeVisible();
    await expect(reader.getByText('Void (not due)', { exact: true })).toBeVisible();
    await expect(reader.getByText('Pending', { exact: true })).toHaveCount(0);
    await customer.context().close();
    await reader.context().close();
    await staff.context().close();
  });
});
