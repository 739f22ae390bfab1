import { mkdirSync, readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { defaultPublicHolidays, expectedByText, promisedBy } from '@threadline/contracts';
import { expect, test, type Locator, type Page } from './shop-test.ts';
import { pdfText } from './pdf-text.ts';
import { callApi } from './shop-api.ts';
import { mailsTo } from './shop-outbox.ts';
import { openBackOffice } from './staff-accounts.ts';

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);

/** The owner, on /admin/settings, sets one parish's fee and the shop's phone, and saves. */
async function saveSettings(page: Page, change: { parish: string; fee: string; phone: string }) {
  const form = page.getByRole('form', { name: 'Settings' });
  await form.getByRole('textbox', { name: `${change.parish} (J$)`, exact: true }).fill(change.fee);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(change.phone);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
}

/** Where the journeys leave their screenshots, to be looked at (never committed). */
const screenshots = '/tmp/store-details';

/**
 * `target` is on screen at phone and at desktop size; a screenshot of each is left in /tmp. The page
 * is left at desktop size.
 */
async function inViewAtBothSizes(page: Page, target: Locator, name: string) {
  mkdirSync(screenshots, { recursive: true });
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport();
    await page.screenshot({ path: `${screenshots}/${name}-${size}.png` });
  }
}

/** The owner, on /admin/settings, sets the store's street and directions, and saves. */
async function moveStore(page: Page, store: { street: string; directions: string }) {
  const form = page.getByRole('form', { name: 'Settings' });
  await form.getByRole('textbox', { name: 'Street', exact: true }).fill(store.street);
  await form.getByRole('textbox', { name: /^Directions/ }).fill(store.directions);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
}

const opened = {
  street: '24 King Street',
  directions: 'In downtown Kingston, between Tower Street and Harbour Street, a short walk south of the Parade.',
};
const moved = { street: '7 Harbour Street', directions: 'On the corner of Harbour Street and King Street, across from the ferry pier.' };
const movedAddress = '7 Harbour Street, Kingston, Jamaica';

test.describe('the owner’s settings', () => {
  test('the owner sets St. Andrew’s delivery fee to 650.00; a shopper delivering there is charged it; the footer shows the new phone', async ({
    page,
    browser,
  }) => {
    // Two people's journeys, the owner's and a shopper's, in one test.
    test.setTimeout(120_000);
    await openBackOffice(page, 'owner', '/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Typed as a spreadsheet shows JMD: read as the catalogue import reads its money cells.
    await saveSettings(page, { parish: 'St. Andrew', fee: 'J$650', phone: '+1 (876) 555-0199' });

    // The audit log says what changed in words, field by field, not as the settings' JSON.
    for (const [width, height, size] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/admin/audit?entity=settings');
      const changes = page.getByRole('region', { name: 'Changes' });
      const entry = changes.getByRole('row').nth(1);
      const fee = entry.getByRole('listitem').filter({ hasText: 'delivery fees › St. Andrew' });
      await expect(fee).toBeVisible();
      await expect(fee.getByRole('deletion')).toHaveText('10');
      await expect(fee.getByRole('insertion')).toHaveText('650');
      await expect(entry.getByRole('listitem').filter({ hasText: 'store › phone' })).toBeVisible();
      await expect(changes).not.toContainText('{"');
      await page.screenshot({ path: `/tmp/admin-fixes-audit-settings-${size}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // A shopper in another browser: nothing they have was cached before the change.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    try {
      await shopper.goto('/');
      // The server-rendered footer already shows the owner's phone.
      await expect(shopper.getByRole('contentinfo').getByRole('link', { name: '+1 (876) 555-0199' })).toBeVisible();
      await shopper.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
      const added = await shopper.evaluate(async () => {
        const csrf =
          document.cookie
            .split('; ')
            .find((entry) => entry.startsWith('csrftoken='))
            ?.split('=')[1] ?? '';
        const response = await fetch('/api/orders/cart/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-key': localStorage.getItem('sessionKey') ?? '', 'x-csrftoken': csrf },
          body: JSON.stringify({ product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }),
        });
        return response.status;
      });
      expect(added).toBe(200);

      await shopper.goto('/checkout');
      const main = shopper.getByRole('main');
      await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
      await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
      await main.getByRole('textbox', { name: 'Email' }).fill(`st-andrew-${Date.now()}@example.com`);
      await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
      await main.getByRole('textbox', { name: 'Address' }).fill('12 Hope Road');
      await main.getByRole('textbox', { name: 'City' }).fill('Kingston');
      await main.getByRole('combobox', { name: /Parish/ }).fill('St. Andrew');

      const summary = shopper.getByRole('region', { name: 'Order Summary' });
      const line = (term: string) => summary.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
      await expect(line('Shipping (delivery to St. Andrew)')).toHaveText('J$650.00');
      await expect(line('Total')).toHaveText('J$12,550.00');
      await shopper.getByRole('button', { name: 'Place Order' }).click();

      await expect(shopper.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
      const order = shopper.getByRole('main');
      await expect(order.getByText('Shipping', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('J$650.00');
      await expect(order.getByText('J$12,550.00').first()).toBeVisible();
    } finally {
      await shopperContext.close();
      // Back as the shop started, for the journeys that run after this one on the same shop.
      await page.goto('/admin/settings');
      await saveSettings(page, { parish: 'St. Andrew', fee: '10.00', phone: '+1 (876) 555-0142' });
    }
  });

  test('the owner charges 15% GCT on top, then in the prices with a registration number; cart, checkout, confirmation, order and tax invoice show the same GCT', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await openBackOffice(page, 'owner', '/admin/settings');
    const setTax = async (tax: { rate: string; included: boolean; registration: string }) => {
      const form = page.getByRole('form', { name: 'Settings' });
      const section = form.getByRole('region', { name: 'Tax (GCT)' });
      await section.getByRole('textbox', { name: /Tax rate/ }).fill(tax.rate);
      await section.getByRole('checkbox', { name: 'Prices include the tax' }).setChecked(tax.included);
      await section.getByRole('textbox', { name: /GCT registration number/ }).fill(tax.registration);
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    };
    await setTax({ rate: '15', included: false, registration: '' });
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    let orderId = '';
    try {
      await shopper.goto('/');
      await shopper.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
      expect(
        await callApi(shopper, 'POST', '/orders/cart/', { product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }),
      ).toBe(200);

      // J$11,900.00 of goods: 15% added is J$1,785.00.
      await shopper.goto('/cart');
      const cartSummary = shopper.getByRole('region', { name: 'Order Summary' });
      const cartLine = (term: string) => cartSummary.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
      await expect(cartLine('GCT')).toHaveText('J$1,785.00');
      await expect(cartLine('Total')).toHaveText('J$13,685.00');
      await inViewAtBothSizes(shopper, cartLine('GCT'), 'cart-tax');

      await cartSummary.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await shopper.getByRole('radio', { name: 'Pickup' }).check();
      const summary = shopper.getByRole('region', { name: 'Order Summary' });
      const line = (term: string) => summary.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
      await expect(line('GCT')).toHaveText('J$1,785.00');
      await expect(line('Total')).toHaveText('J$13,685.00');

      // Now in the prices: the shelf price is what is paid, and it holds 11,900 × 15/115 = J$1,552.17.
      await setTax({ rate: '15', included: true, registration: '001-234-567' });
      await shopper.goto('/cart');
      await expect(cartLine('Includes GCT')).toHaveText('J$1,552.17');
      await expect(cartLine('Total')).toHaveText('J$11,900.00');
      await expect(cartSummary.getByText('GCT', { exact: true })).toHaveCount(0);
      await inViewAtBothSizes(shopper, cartLine('Includes GCT'), 'cart-tax-included');

      await cartSummary.getByRole('link', { name: 'Proceed to Checkout' }).click();
      const main = shopper.getByRole('main');
      await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
      await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
      await main.getByRole('textbox', { name: 'Email' }).fill(`gct-${Date.now()}@example.com`);
      await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
      await shopper.getByRole('radio', { name: 'Pickup' }).check();
      await expect(line('Includes GCT')).toHaveText('J$1,552.17');
      await expect(line('Total')).toHaveText('J$11,900.00');
      await shopper.getByRole('button', { name: 'Place Order' }).click();

      await expect(shopper.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
      orderId = /\/order-confirmation\/(\d+)/.exec(shopper.url())?.[1] ?? '';
      const items = shopper.getByRole('region', { name: 'Your Order' });
      await expect(items.getByText('Includes GCT', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('J$1,552.17');
    } finally {
      await shopperContext.close();
    }

    try {
      // Paid at the counter: the order gets the shop's next invoice number, and its tax invoice.
      await page.goto(`/admin/orders/${orderId}`);
      const row = (term: string) => page.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
      await expect(row('Includes GCT')).toHaveText('J$1,552.17');
      await page.getByRole('button', { name: 'Mark paid' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Mark paid' }).click();
      await expect(row('Invoice number')).toHaveText(/^INV-\d{6}$/);
      const invoiceNumber = (await row('Invoice number').textContent()) ?? '';
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Invoice (PDF)' }).click();
      const text = await pdfText(readFileSync((await (await download).path()) ?? ''));
      for (const expected of [
        'Tax Invoice',
        'GCT registration number: 001-234-567',
        `Invoice ${invoiceNumber}`,
        'GCT J$1,552.17',
        'Total (JMD) J$11,900.00',
      ]) {
        expect(text).toContain(expected);
      }
      // The line without its GCT, plus the GCT, is the total: 10,347.83 + 1,552.17 = 11,900.00.
      expect(text).toContain('J$10,347.83');
    } finally {
      await page.goto('/admin/settings');
      await setTax({ rate: '0', included: false, registration: '' });
    }
  });

  test('the owner moves the store to 7 Harbour Street; the footer, the contact page and its directions, checkout’s pickup, the confirmation, the e-mail and the packing slip say so', async ({
    page,
    browser,
  }) => {
    // The owner's journey and a shopper's, in one test.
    test.setTimeout(180_000);
    await openBackOffice(page, 'owner', '/admin/settings');
    await moveStore(page, moved);
    await inViewAtBothSizes(page, page.getByRole('group', { name: 'Finding the store' }), 'settings');

    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    let orderId = '';
    try {
      // The home page as the server renders it (its rendered-page cache was emptied by the save).
      expect(await (await shopper.request.get('/')).text()).toContain(movedAddress);
      await shopper.goto('/');
      const footer = shopper.getByRole('contentinfo');
      await expect(footer.getByText(movedAddress)).toBeVisible();
      await inViewAtBothSizes(shopper, footer.getByText(movedAddress), 'footer');

      await shopper.goto('/contact');
      const details = shopper.getByRole('region', { name: 'Contact details' });
      await expect(details).toContainText(`${moved.street}Kingston, Jamaica`);
      await inViewAtBothSizes(shopper, details, 'contact-details');
      const gettingHere = shopper.getByRole('region', { name: 'Getting Here' });
      await expect(gettingHere.getByText(`We're at ${movedAddress}. ${moved.directions}`)).toBeVisible();
      await inViewAtBothSizes(shopper, gettingHere.getByText(`We're at ${movedAddress}.`, { exact: false }), 'contact-getting-here');
      const map = gettingHere.getByRole('img', { name: /map of downtown Kingston/ });
      await expect(map).toHaveAccessibleName(new RegExp(`is at ${moved.street}\\. ${moved.directions}`));
      await expect(map.getByText(moved.street, { exact: true })).toBeVisible();
      await inViewAtBothSizes(shopper, map, 'contact-map');
      await expect(shopper.getByText(opened.street)).toHaveCount(0);

      await shopper.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
      const added = await shopper.evaluate(async () => {
        const csrf =
          document.cookie
            .split('; ')
            .find((entry) => entry.startsWith('csrftoken='))
            ?.split('=')[1] ?? '';
        const response = await fetch('/api/orders/cart/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-key': localStorage.getItem('sessionKey') ?? '', 'x-csrftoken': csrf },
          body: JSON.stringify({ product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }),
        });
        return response.status;
      });
      expect(added).toBe(200);

      await shopper.goto('/checkout');
      const main = shopper.getByRole('main');
      const email = `harbour-${Date.now()}@example.com`;
      await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
      await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
      await main.getByRole('textbox', { name: 'Email' }).fill(email);
      await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
      await shopper.getByRole('radio', { name: 'Pickup' }).check();
      const pickup = main.getByRole('heading', { name: 'Pickup Location' }).locator('..');
      await expect(pickup.getByText(movedAddress)).toBeVisible();
      await inViewAtBothSizes(shopper, pickup, 'checkout-pickup');
      await shopper.getByRole('button', { name: 'Place Order' }).click();

      await expect(shopper.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
      orderId = /\/order-confirmation\/(\d+)/.exec(shopper.url())?.[1] ?? '';
      const next = shopper.getByRole('region', { name: "What's Next?" });
      await expect(next).toContainText(`You pay in cash when you collect your order at our store, ${moved.street}, Kingston.`);
      await inViewAtBothSizes(shopper, next, 'confirmation-whats-next');
      const pickupAt = shopper.getByText('Pickup at', { exact: true }).locator('xpath=following-sibling::dd');
      await expect(pickupAt).toHaveText(`${moved.street}, Kingston`);
      await inViewAtBothSizes(shopper, pickupAt, 'confirmation-pickup-at');

      await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
      expect(mailsTo(email)[0]).toContain(`Pickup at our store: ${moved.street}, Kingston.`);
      expect(mailsTo(email)[0]).not.toContain(opened.street);
    } finally {
      await shopperContext.close();
    }

    try {
      await page.goto(`/admin/orders/${orderId}/packing-slip`);
      const from = page.getByText(`${movedAddress} · `, { exact: false });
      await expect(from).toBeVisible();
      await inViewAtBothSizes(page, page.getByRole('article'), 'packing-slip');
      await expect(page.getByText(opened.street)).toHaveCount(0);
    } finally {
      // Back as the shop started, for the journeys that run after this one on the same shop.
      await page.goto('/admin/settings');
      await moveStore(page, opened);
    }
  });

  test('on a phone, the owner makes Knutsford Express J$1,500 and 6 business days and adds a Linstead branch; a shopper’s checkout offers it, charges it and promises the later date', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'owner', '/admin/settings');
    const form = page.getByRole('form', { name: 'Settings' });
    const section = form.getByRole('region', { name: 'Delivery and pickup' });
    const knutsford = section.getByRole('group', { name: 'Knutsford Express', exact: true });
    await expect(knutsford.getByRole('textbox', { name: 'Fee of Knutsford Express (J$)' })).toHaveValue('900.00');
    await knutsford.getByRole('textbox', { name: 'Fee of Knutsford Express (J$)' }).fill('1,500');
    await knutsford.getByRole('textbox', { name: /Lead time of Knutsford Express/ }).fill('6');
    await section.getByRole('button', { name: 'Add a pickup point' }).click();
    const added = section.getByRole('group', { name: 'Pickup point 21' });
    await added.getByRole('textbox', { name: 'Code' }).fill('ke-linstead');
    await added.getByRole('combobox', { name: 'Parish' }).selectOption('St. Catherine');
    await added.getByRole('textbox', { name: 'Name', exact: true }).fill('Knutsford Express, Linstead');
    const linstead = section.getByRole('group', { name: 'Knutsford Express, Linstead' });
    await expect(linstead.getByRole('combobox', { name: 'Kind' })).toHaveValue('knutsford');
    // Nothing wider than the phone.
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    mkdirSync('/tmp/d32c-shots', { recursive: true });
    await knutsford.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/d32c-shots/settings-methods-phone.png' });
    await linstead.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/d32c-shots/settings-points-phone.png' });
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await knutsford.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/d32c-shots/settings-methods-desktop.png' });
    await linstead.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/d32c-shots/settings-points-desktop.png' });

    const shopperContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const shopper = await shopperContext.newPage();
    try {
      await shopper.goto('/');
      await shopper.waitForFunction(() => localStorage.getItem('sessionKey') !== null && document.cookie.includes('csrftoken='));
      expect(
        await callApi(shopper, 'POST', '/orders/cart/', { product_id: 1, quantity: 1, variant_size: '9', variant_color: 'Black' }),
      ).toBe(200);
      await shopper.goto('/checkout');
      const main = shopper.getByRole('main');
      await main.getByRole('textbox', { name: 'First name' }).fill('Kemar');
      await main.getByRole('textbox', { name: 'Last name' }).fill('Brown');
      await main.getByRole('textbox', { name: 'Email' }).fill(`linstead-${Date.now()}@example.com`);
      await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0142');
      await main.getByRole('textbox', { name: 'Address' }).fill('3 King Street');
      await main.getByRole('textbox', { name: 'City' }).fill('Linstead');
      await main.getByRole('combobox', { name: /Parish/ }).fill('St. Catherine');
      await main.getByRole('radio', { name: 'Knutsford Express' }).check();
      await main.getByRole('combobox', { name: 'Knutsford Express branch' }).selectOption({ label: 'Knutsford Express, Linstead' });
      await expect(main.getByText('Collect at Knutsford Express, Linstead (St. Catherine)')).toBeVisible();
      // Six business days from today in Jamaica, Sundays and the shop's holidays skipped.
      const expected = expectedByText(
        promisedBy(
          new Date(),
          6,
          defaultPublicHolidays.map((holiday) => holiday.date),
        ),
      );
      await expect(main.getByText(expected, { exact: true })).toBeVisible();
      const summary = shopper.getByRole('region', { name: 'Order Summary' });
      await expect(summary.getByText('J$1,500.00')).toBeVisible();
      await shopper.screenshot({ path: '/tmp/d32c-shots/checkout-linstead-phone.png', fullPage: true });
      await main.getByRole('button', { name: 'Place Order' }).click();
      await expect(shopper).toHaveURL(/\/order-confirmation\/\d+/);
      await expect(shopper.getByText(expected)).toBeVisible();
      await expect(shopper.getByText('Knutsford Express: collect at Knutsford Express, Linstead (St. Catherine)')).toBeVisible();
      await expect(shopper.getByText('J$1,500.00').first()).toBeVisible();
    } finally {
      await shopperContext.close();
    }

    // The shopper's parcel now waits at Linstead: the owner cannot take the branch away from under it.
    await page.reload();
    await section.getByRole('button', { name: 'Remove Knutsford Express, Linstead' }).click();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      section.getByText('Knutsford Express, Linstead is used by 1 open order: keep it until it is collected or cancelled.'),
    ).toBeVisible();

    // The other journeys on this shop expect the opening terms: put them back (Linstead stays).
    await page.reload();
    await knutsford.getByRole('textbox', { name: 'Fee of Knutsford Express (J$)' }).fill('900');
    await knutsford.getByRole('textbox', { name: /Lead time of Knutsford Express/ }).fill('3');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
  });

  test('staff do not see Settings, and opening /admin/settings directly gets the owner-only refusal', async ({ page }) => {
    await openBackOffice(page, 'staff');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
    // Opened directly: whose page it is, and nothing to click that the server would refuse.
    for (const [width, height, size] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [path, title, says] of [
        ['/admin/settings', 'Settings', 'The shop’s settings are the owner’s to change.'],
        ['/admin/staff', 'Staff', 'Staff accounts are the owner’s to add, change and disable.'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const ownerOnly = page.getByRole('region', { name: 'Only the owner can use this page' });
        await expect(ownerOnly).toBeInViewport();
        await expect(ownerOnly).toContainText(says);
        await expect(page.getByRole('button', { name: 'Add staff member' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
        await page.screenshot({ path: `/tmp/admin-fixes-owner-only-${title.toLowerCase()}-${size}.png` });
      }
    }
  });

  test('the dashboard is the first section, shows today’s figures and passes axe on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'owner', '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Today' })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Revenue, last 30 days' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('listitem').first()).toHaveText('Dashboard');
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
