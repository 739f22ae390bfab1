import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from './shop-test.ts';
import { callApi } from './shop-api.ts';
import { personsPage, seriousViolations, unique } from './shop-orders.ts';
import { mailsTo } from './shop-outbox.ts';
import { openBackOffice } from './staff-accounts.ts';

/**
 * KINGSTON.md §1: a shopper pays by bank transfer. The owner offers it with the shop's account; the
 * shopper orders on a phone, reads the account and the reference on the confirmation, and sends a
 * screenshot of the transfer; staff see the screenshot beside the order and mark it paid.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const account = { bank: 'National Commercial Bank', branch: 'Half Way Tree', name: 'Threadline Ltd', number: '404-123-456' };

/** A small real PNG, as a phone's screenshot of its banking app would be: a green square. */
function screenshotOfTransfer(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 64;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x1b, 0x7a, 0x4b]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function shot(page: Page, name: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.screenshot({ path: `/tmp/bank-transfer-${name}-${viewport.width}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe('paying by bank transfer', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a shopper orders by transfer on a phone, reads the account and reference, sends a screenshot; staff see it and mark the order paid', async ({
    page,
    browser,
  }) => {
    // The owner offers bank transfer, with the account to pay into.
    await openBackOffice(page, 'owner', '/admin/settings');
    const settings = page.getByRole('form', { name: 'Settings' });
    await settings.getByRole('checkbox', { name: 'Bank transfer' }).check();
    await settings.getByRole('textbox', { name: 'Bank', exact: true }).fill(account.bank);
    await settings.getByRole('textbox', { name: 'Branch', exact: true }).fill(account.branch);
    await settings.getByRole('textbox', { name: 'Account name', exact: true }).fill(account.name);
    await settings.getByRole('textbox', { name: 'Account number', exact: true }).fill(account.number);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();

    // A guest on a phone orders a Kingston Runner for pickup, paying by transfer.
    const email = unique('transfer');
    const shopper = await personsPage(browser, phone);
    await shopper.goto('/');
    await shopper.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
    expect(await callApi(shopper, 'POST', '/orders/cart/', { product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' })).toBe(
      200,
    );
    await shopper.goto('/checkout');
    const main = shopper.getByRole('main');
    await main.getByRole('textbox', { name: 'First name' }).fill('Kemar');
    await main.getByRole('textbox', { name: 'Last name' }).fill('Brown');
    await main.getByRole('textbox', { name: 'Email' }).fill(email);
    await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0199');
    await shopper.getByRole('radio', { name: 'Pickup' }).check();
    await shopper.getByRole('radio', { name: 'Bank transfer' }).check();
    await expect(shopper.getByText(/you'll see our bank details and your order number to quote as the reference/)).toBeVisible();
    await shopper.getByRole('button', { name: 'Place Order' }).click();

    await expect(shopper.getByRole('heading', { level: 1, name: 'Awaiting Bank Transfer' })).toBeVisible();
    const bank = shopper.getByRole('definition').filter({ hasText: account.number });
    await expect(bank).toBeVisible();
    await expect(shopper.getByLabel('Bank details')).toContainText(`${account.bank}, ${account.branch} branch`);
    await expect(shopper.getByLabel('Bank details')).toContainText(account.name);
    await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
    const orderNumber = /order (TL-\d{6}-[A-Z0-9]{5})/.exec(mailsTo(email)[0] ?? '')?.[1] ?? '';
    expect(orderNumber).not.toBe('');
    // The e-mail carries the account and the reference to quote, as the page does.
    expect(mailsTo(email)[0]).toContain(`Account number: ${account.number}`);
    expect(mailsTo(email)[0]).toContain(`Reference: ${orderNumber}`);
    await expect(shopper.getByLabel('Bank details')).toContainText(orderNumber);
    await expect(shopper.getByRole('link', { name: 'Complete Payment' })).toHaveCount(0);
    expect(await seriousViolations(shopper)).toEqual([]);
    await shot(shopper, 'awaiting', phone);
    await shot(shopper, 'awaiting', desktop);

    // The shopper sends a screenshot of the transfer from the phone.
    await shopper.setViewportSize(phone);
    const upload = shopper.getByLabel('Already paid? Send us your proof of payment');
    await upload.scrollIntoViewIfNeeded();
    await expect(upload).toBeInViewport();
    await upload.setInputFiles({ name: 'ncb-transfer.png', mimeType: 'image/png', buffer: screenshotOfTransfer() });
    await shopper.getByRole('button', { name: 'Send proof of payment' }).click();
    await expect(shopper.getByText('Your proof of payment was sent. Thank you!')).toBeVisible();
    await expect(shopper.getByRole('heading', { level: 1, name: 'Proof of Payment Received' })).toBeVisible();
    await shot(shopper, 'proof-sent', phone);

    // Staff find it among the transfers, see the screenshot beside the order and mark it paid.
    const staff = await personsPage(browser, desktop);
    await openBackOffice(staff, 'staff', '/admin/orders');
    await staff.getByRole('combobox', { name: 'Paid by' }).selectOption('bank_transfer');
    await expect(staff).toHaveURL(/payment_method=bank_transfer/);
    await staff.getByRole('link', { name: orderNumber }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    const money = staff.getByRole('region', { name: 'Payments and refunds' });
    await expect(money).toContainText('Bank transfer');
    await money.getByRole('button', { name: 'View proof 1' }).click();
    const proof = money.getByRole('img', { name: 'Proof of payment 1 sent by the customer' });
    await expect(proof).toBeVisible();
    expect(await proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
    await shot(staff, 'staff-proof', desktop);
    await shot(staff, 'staff-proof', phone);
    await staff.setViewportSize(desktop);
    await staff.getByRole('button', { name: 'Mark paid' }).click();
    const confirm = staff.getByRole('alertdialog');
    await expect(confirm).toContainText(`reference ${orderNumber}`);
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(staff.getByText('Marked paid.')).toBeVisible();
    await expect(staff.getByRole('main').locator('dl').first().getByText('Paid', { exact: true })).toBeVisible();

    // The shopper's page now says the payment is confirmed, and an e-mail says so.
    await shopper.reload();
    await expect(shopper.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    await expect(shopper.getByRole('region', { name: "What's Next?" })).toContainText('Your payment has been confirmed');
    await expect.poll(() => mailsTo(email).some((mail) => mail.includes('We received the payment'))).toBe(true);
    await shot(shopper, 'paid', phone);
  });
});
