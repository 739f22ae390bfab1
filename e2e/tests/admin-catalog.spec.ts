import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';
import { drawnPng } from './drawn-picture.ts';
import { openBackOffice } from './staff-accounts.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

const skuOf = (name: string, size: string) => `${name.replace(/\W+/g, '-').toUpperCase()}-${size}`;

/** Fills the new-product form: the first category, a price, and one variant per size (stock as given). */
async function fillNewProduct(page: Page, name: string, sizes: [string, number][]) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await main.getByRole('textbox', { name: 'Description' }).fill('Heavy cotton tee, screen-printed in Kingston.');
  await main.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
  await main.getByRole('textbox', { name: 'Price', exact: true }).fill('2500');
  for (const [index, [size, stock]] of sizes.entries()) {
    if (index > 0) await main.getByRole('button', { name: 'Add variant' }).click();
    const number = index + 1;
    await main.getByRole('textbox', { name: `Variant ${number} size` }).fill(size);
    await main.getByRole('textbox', { name: `Variant ${number} colour` }).fill('Black');
    await main.getByRole('textbox', { name: `Variant ${number} SKU` }).fill(skuOf(name, size));
    await main.getByRole('textbox', { name: `Variant ${number} stock` }).fill(String(stock));
  }
}

test.describe('the catalogue in the back office', () => {
  // Journeys through the back office and the shop, with axe on each back-office page.
  test.describe.configure({ timeout: 120_000 });

  test('staff create a product with sizes S and M and a picture, make it active, find it in the shop, and a customer buys size M', async ({
    page,
    browser,
  }) => {
    const name = `Harbour Tee ${Date.now()}`;
    await openBackOffice(page, 'staff', '/admin/products');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await fillNewProduct(page, name, [
      ['S', 4],
      ['M', 3],
    ]);
    await page.getByRole('main').getByRole('combobox', { name: 'Status' }).selectOption('active');
    expect(await seriousViolations(page)).toEqual([]);
    const create = page.getByRole('button', { name: 'Create product' });
    await create.scrollIntoViewIfNeeded();
    await create.click();

    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Product created.')).toBeVisible();
    const variants = page.getByRole('region', { name: 'Variants' });
    await expect(variants.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('navigation', { name: 'Product sections' }).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // A picture, through the product's Pictures tab: a PNG the browser draws, an orange square.
    const altText = `${name} on a hanger`;
    await page.getByRole('navigation', { name: 'Product sections' }).getByRole('link', { name: 'Pictures' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Pictures of ${name}` })).toBeVisible();
    const png = await drawnPng(page, 500, '#e8730c');
    await page.getByLabel(/Picture file/).setInputFiles({ name: 'tee.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Alt text', { exact: true }).fill(altText);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Picture added: it is last in the order.')).toBeVisible();

    // The list finds it by its name.
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name }).getByText('Active')).toBeVisible();

    const customer = await browser.newPage();
    await customer.goto(`/shop?search=${encodeURIComponent(name)}`);
    const card = customer.getByRole('article').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect
      .poll(() =>
        card
          .getByRole('img')
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await card.getByRole('link', { name }).click();
    await expect(customer.getByRole('heading', { level: 1, name })).toBeVisible();
    const picture = customer.getByRole('region', { name: `${name} photos` }).getByRole('img', { name: altText });
    await expect(picture).toBeInViewport();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await customer.getByRole('radio', { name: /^M( |$)/ }).check();
    const add = customer.getByRole('button', { name: /^Add to Cart - / });
    await add.scrollIntoViewIfNeeded();
    await add.click();
    await expect(customer.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
    await customer.goto('/checkout');
    const main = customer.getByRole('main');
    await main.getByRole('textbox', { name: 'First name' }).fill('Ayesha');
    await main.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
    await main.getByRole('textbox', { name: 'Email' }).fill(`buyer${Date.now()}@example.com`);
    await main.getByRole('textbox', { name: 'Phone' }).fill('876 555 0100');
    await main.getByRole('textbox', { name: 'Address' }).fill('12 Hope Road');
    await main.getByRole('textbox', { name: 'City' }).fill('Kingston');
    await main.getByRole('combobox', { name: /Parish/ }).fill('Kingston');
    await customer.getByRole('button', { name: 'Place Order' }).click();
    await expect(customer.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    await expect(customer.getByText(name).first()).toBeVisible();
    await customer.close();

    // Back office: size M has one unit fewer, and the product is now on an order, so it is archived, not deleted.
    await page.getByRole('link', { name }).click();
    await expect(
      variants
        .getByRole('row')
        .filter({ hasText: skuOf(name, 'M') })
        .getByRole('cell', { name: '2', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();
  });

  test('prices typed as a spreadsheet shows them (3,900, J$3000) are saved; anything else is refused beside its field and never "saved"', async ({
    page,
  }) => {
    const name = `Money Tee ${Date.now()}`;
    const main = page.getByRole('main');
    const price = main.getByRole('textbox', { name: 'Price', exact: true });
    const salePrice = main.getByRole('textbox', { name: 'Sale price(optional)', exact: true });
    const moneyHelp = 'Enter an amount in JMD like 3900, 3,900.50 or J$3,900.';
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'staff', '/admin/products/new');
    await fillNewProduct(page, name, [['L', 2]]);

    // Every field the server refuses is named at once, each beside its own field.
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await main.getByRole('textbox', { name: 'Variant 1 SKU' }).fill('');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByRole('textbox', { name: 'Variant 1 SKU' })).toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAccessibleDescription('');
    await expect(main.getByRole('textbox', { name: 'Variant 1 SKU' })).not.toHaveAccessibleDescription('');
    await main.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await main.getByRole('textbox', { name: 'Variant 1 SKU' }).fill(skuOf(name, 'L'));

    // Not an amount: said beside each price, nothing sent, nothing created.
    await price.fill('3,9OO');
    await salePrice.fill('cheap');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(price).toHaveAccessibleDescription(moneyHelp);
    await expect(salePrice).toHaveAccessibleDescription(moneyHelp);
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await price.scrollIntoViewIfNeeded();
    await expect(price).toBeInViewport();
    await page.screenshot({ path: '/tmp/admin-fixes-price-refused-phone.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await price.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/admin-fixes-price-refused-desktop.png' });

    await price.fill('3,900');
    await salePrice.fill('');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    await expect(page.getByText('Product created.')).toBeVisible();
    await expect(price).toHaveValue('3900');

    // Saved as J$3,000 from 'J$3000'; then a price that is no amount is refused with no 'saved' left in view.
    await price.fill('J$3000');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product saved.')).toBeVisible();
    await expect(price).toHaveValue('3000');
    await price.fill('three thousand');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(price).toHaveAccessibleDescription(moneyHelp);
    await expect(page.getByText('Product saved.')).toHaveCount(0);
    await page.reload();
    await expect(price).toHaveValue('3000');

    // The list writes JMD as J$, never a bare $.
    for (const [width, height, size] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
      await expect(row.getByText('J$3,000.00')).toBeVisible();
      await expect(page.getByRole('table')).not.toContainText(/(^|[^J])\$\d/);
      await page.screenshot({ path: `/tmp/admin-fixes-product-list-${size}.png` });
    }
  });

  test('a deleted product answers 404 with the not-found page, opened or reached in the app, and its card goes from the shop', async ({
    page,
    browser,
  }) => {
    const name = `Gone Tee ${Date.now()}`;
    await openBackOffice(page, 'staff', '/admin/products/new');
    await fillNewProduct(page, name, [['One Size', 3]]);
    await page.getByRole('main').getByRole('combobox', { name: 'Status' }).selectOption('active');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const id = /\/admin\/products\/(\d+)$/.exec(page.url())?.[1];

    // A shopper finds it, opens it and comes back to the list, which the app keeps.
    const shopper = await browser.newPage();
    await shopper.goto(`/shop?search=${encodeURIComponent(name)}`);
    const card = shopper.getByRole('article').filter({ hasText: name });
    await card.getByRole('link', { name }).click();
    await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
    await shopper.goBack();
    await expect(card).toBeVisible();

    // The staff delete it.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    // The shopper's browser may keep the old answer up to 15 s (public, max-age=5,
    // stale-while-revalidate=10, ADR 27): asking again, as the page does on every visit, gets the news.
    await expect
      .poll(() => shopper.evaluate(async (path) => (await fetch(path)).status, `/api/product/${id}/`), {
        timeout: 20_000,
        intervals: [1000],
      })
      .toBe(404);

    // Reached in the app from the list the shopper still has: the not-found page, and the card is gone once back.
    await card.getByRole('link', { name }).click();
    await expect(shopper).toHaveURL(new RegExp(`/product/${id}$`));
    await expect(shopper.getByRole('heading', { level: 1, name: "This look isn't in our collection" })).toBeVisible();
    await expect(shopper.getByRole('link', { name: 'Back to Shop' })).toHaveCount(0);
    await shopper.goBack();
    await expect(shopper.getByText('No Products Found')).toBeVisible();
    await expect(shopper.getByRole('article').filter({ hasText: name })).toHaveCount(0);

    // Opened by its address: HTTP 404 and the same page.
    const answer = await shopper.goto(`/product/${id}`);
    expect(answer?.status()).toBe(404);
    await expect(shopper.getByRole('heading', { level: 1, name: "This look isn't in our collection" })).toBeVisible();
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      await shopper.setViewportSize(viewport);
      await expect(shopper.getByRole('heading', { level: 1, name: "This look isn't in our collection" })).toBeInViewport();
      await shopper.screenshot({ path: `/tmp/shots-build/deleted-product-${size}.png` });
    }
    await shopper.close();
  });

  test('a draft product is not on the storefront', async ({ page }) => {
    const name = `Draft Cap ${Date.now()}`;
    await openBackOffice(page, 'staff', '/admin/products/new');
    await fillNewProduct(page, name, [['One Size', 2]]);
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('main').getByText('Draft', { exact: true }).first()).toBeVisible();
    const id = /\/admin\/products\/(\d+)$/.exec(page.url())?.[1];

    expect((await page.request.get(`/api/product/${id}/`)).status()).toBe(404);
    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(0);
  });

  test('a refusal shows beside its field, and categories refuse deleting one with products', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'staff', '/admin/products/new');
    await fillNewProduct(page, `Sale Tee ${Date.now()}`, [['L', 1]]);
    await page.getByRole('main').getByRole('textbox', { name: 'Sale price(optional)', exact: true }).fill('3000');
    await page.getByRole('button', { name: 'Create product' }).click();
    const salePrice = page.getByRole('main').getByRole('textbox', { name: 'Sale price(optional)', exact: true });
    await expect(salePrice).toHaveAccessibleDescription('The sale price must be below the price.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto('/admin/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    const firstDelete = page.getByRole('button', { name: /^Delete / }).first();
    await firstDelete.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /still has|categories under it/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
