import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';
import { backOfficeAccount, openBackOffice } from './staff-accounts.ts';

/** A shopper's cart page holding one Kingston Runner in 9 / Black (J$11,900.00). */
async function cartWithRunner(page: Page) {
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeVisible();
  await page.getByRole('radio', { name: '9' }).check();
  await page.getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('button', { name: /^Add to Cart - / }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'View Cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
}

async function applyCode(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: 'Promo code' });
  await field.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** Calls the shop's API from the page as the page does (its session and CSRF token); the status and answer. */
async function pageCall(page: Page, method: 'POST', path: string, body: object): Promise<{ status: number; body: { order_id?: number } }> {
  return page.evaluate(
    async (call) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((entry) => entry.startsWith('csrftoken='))
          ?.split('=')[1] ?? '';
      const response = await fetch(call.path, {
        method: call.method,
        headers: { 'content-type': 'application/json', 'x-session-key': localStorage.getItem('sessionKey') ?? '', 'x-csrftoken': csrf },
        body: JSON.stringify(call.body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

/** Someone buys a Kingston Runner as a guest (no account), for pickup, paying cash. */
async function guestBuys(page: Page, email: string) {
  await page.goto('/cart');
  await expect
    .poll(() => page.evaluate(() => Boolean(localStorage.getItem('sessionKey')) && document.cookie.includes('csrftoken=')))
    .toBe(true);
  expect(
    (await pageCall(page, 'POST', '/api/orders/cart/', { product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' })).status,
  ).toBe(200);
  const placed = await pageCall(page, 'POST', '/api/orders/checkout/', {
    first_name: 'Tanisha',
    last_name: 'Wright',
    email,
    phone: '876 555 0142',
    shipping_method: 'pickup',
    payment_method: 'cash_on_delivery',
    currency: 'JMD',
  });
  expect(placed.status).toBe(200);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);
}

test.describe('promotions in the back office', () => {
  test('staff make a 10% code with a minimum, a shopper gets the discount, staff end it and the shopper is refused', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const code = `ISLAND${Date.now() % 100_000}`;
    await openBackOffice(page, 'staff', '/admin/promotions');
    await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New code' }).click();
    await expect(page.getByRole('heading', { name: 'New promo code', level: 1 })).toBeVisible();

    // The form says what is wrong beside the field before anything is sent.
    await page.getByLabel('Code').fill(code.toLowerCase());
    await page.getByRole('textbox', { name: /Percent off/ }).fill('150');
    await page.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText('A percentage must be a whole number from 1 to 100.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Percent off/ })).toBeFocused();
    await page.getByRole('textbox', { name: /Percent off/ }).fill('10');
    await page.getByLabel(/Minimum subtotal/).fill('10000');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Create code' }).click();

    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) });
    await expect(row).toBeVisible();
    await expect(row.getByText('10% off')).toBeVisible();
    await expect(row.getByText('over J$10,000.00')).toBeVisible();
    await expect(row.getByText('0 / no limit')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await cartWithRunner(shopper);
    await applyCode(shopper, code.toLowerCase());
    await expect(shopper.getByText('Promo code applied successfully!')).toBeVisible();
    const summary = shopper.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText('-J$1,190.00')).toBeVisible();
    await expect(summary.getByText('Total', { exact: true }).locator('..')).toContainText('J$10,710.00');

    await row.getByRole('button', { name: `End ${code}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `End ${code}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'End code' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('Ended', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `End ${code}` })).toHaveCount(0);

    // The cart checks the code again: the discount is gone, and applying it once more is refused.
    await shopper.reload();
    await expect(summary.getByText('-J$1,190.00')).toHaveCount(0);
    // The cart keeps a code that stopped qualifying until the shopper removes it: wait for the cart
    // to say which it shows before deciding.
    const remove = shopper.getByRole('button', { name: 'Remove', exact: true });
    await expect(remove.or(shopper.getByRole('textbox', { name: 'Promo code' })).first()).toBeVisible();
    if (await remove.isVisible()) await remove.click();
    await applyCode(shopper, code);
    await expect(shopper.getByText('Invalid promo code')).toBeVisible();
    await expect(summary.getByText('Total', { exact: true }).locator('..')).toContainText('J$11,900.00');
    await shopperContext.close();
  });
});

test.describe('contact messages in the back office', () => {
  test('a message sent from /contact appears unread, and is read once opened', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const subject = `Wholesale tees ${Date.now()}`;
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto('/contact');
    const form = shopper.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Devon Brown');
    await form.getByLabel('Email').fill('devon@example.com');
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Do you print custom designs for 40 shirts?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText(/Thank you! Your message has been sent/)).toBeVisible();
    await shopperContext.close();

    await openBackOffice(page, 'staff', '/admin/messages');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    const message = page.getByRole('button', { name: new RegExp(subject) });
    await expect(message).toBeVisible();
    await expect(message.getByText('New', { exact: true })).toBeVisible();
    await expect(page.getByText(/\d+ unread/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await message.click();
    await expect(page.getByText('Do you print custom designs for 40 shirts?')).toBeVisible();
    await expect(message.getByText('New', { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(message).toBeVisible();
    await expect(message.getByText('New', { exact: true })).toHaveCount(0);
    await message.press('Enter');
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await expect(message.getByText('New', { exact: true })).toBeVisible();
  });
});

test.describe('customers and the newsletter', () => {
  test('pages fit a phone and a desktop, pass axe, and the newsletter exports a CSV file', async ({ page, browser }) => {
    test.setTimeout(180_000);
    // A guest buyer, and a customer account with no orders yet.
    const guestEmail = `tanisha.${Date.now()}@example.com`;
    const customerEmail = `devon.${Date.now()}@example.com`;
    const shopper = await (await browser.newContext()).newPage();
    await guestBuys(shopper, guestEmail);
    const registered = await pageCall(shopper, 'POST', '/api/users/auth/register/', {
      first_name: 'Devon',
      last_name: 'Reid',
      email: customerEmail,
      password1: 'island-breeze-42',
      password2: 'island-breeze-42',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
    await shopper.context().close();

    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'staff', '/admin/customers');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const find = async (term: string) => {
      await page.getByLabel('Find a customer').fill(term);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(term).slice(0, 6)}`));
    };
    for (const [width, height, size] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/admin/customers');
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
      // The guest is listed by e-mail, marked Guest; the list is newest first, so in view at once.
      const guestRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: guestEmail, exact: true }) });
      await expect(guestRow).toBeVisible();
      await expect(guestRow.getByText('Guest', { exact: true })).toBeVisible();
      await expect(guestRow.getByRole('link', { name: /Tanisha Wright/ })).toBeVisible();
      // Staff accounts are no customers: none is listed, and none is named '—'.
      await expect(page.getByRole('table')).not.toContainText('@threadline.test');
      await expect(page.getByRole('link', { name: '—', exact: true })).toHaveCount(0);
      expect(await fits()).toBe(true);
      await page.screenshot({ path: `/tmp/bo-people-customers-${size}.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page);
      await find(backOfficeAccount('staff').email);
      await expect(page.getByText(/No customer's e-mail or name starts with/)).toBeVisible();

      // A guest's orders are found by their e-mail address.
      await find(guestEmail);
      await page.getByRole('link', { name: /Tanisha Wright/ }).click();
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: /^TL-/ })).toHaveCount(1);

      await page.goto('/admin/customers');
      await find(customerEmail);
      await page.getByRole('link', { name: 'Devon Reid' }).first().click();
      await expect(page.getByRole('heading', { name: 'Lifetime spend' })).toBeVisible();
      await expect(page.getByText('J$0.00')).toBeVisible();
      await expect(page.getByText('No orders yet.')).toBeVisible();
      expect(await fits()).toBe(true);
      await page.screenshot({ path: `/tmp/bo-people-customer-${size}.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page);

      for (const [path, title] of [
        ['/admin/promotions', 'Promotions'],
        ['/admin/promotions/new', 'New promo code'],
        ['/admin/messages', 'Messages'],
        ['/admin/newsletter', 'Newsletter'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await fits(), `${path} on a ${size}`).toBe(true);
        await page.screenshot({ path: `/tmp/bo-people-${path.split('/').slice(2).join('-')}-${size}.png`, fullPage: true });
        await expectNoSeriousAxeViolations(page);
      }
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^threadline-newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8').split('\n')[0]).toBe('email,first_name,status,subscribed_at,unsubscribed_at');
  });
});
