import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';
import type { ProductDetailResponse } from '@threadline/contracts';
import { drawnPng } from './drawn-picture.ts';
import { openBackOffice } from './staff-accounts.ts';

/** Serious and critical axe findings on the page as it is. */
async function axeProblems(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

async function seededProducts(page: Page) {
  const products: ProductDetailResponse[] = [];
  for (let id = 1; id <= 40; id += 1) {
    const answer = await page.request.get(`/api/product/${id}/`);
    if (answer.ok()) products.push((await answer.json()) as ProductDetailResponse);
  }
  return products;
}

/** The seeded size held in stock by the fewest variants (colours): selling those out sells out the size. */
async function sizeToSellOut(page: Page) {
  let best: { id: number; name: string; size: string; variants: { color: string | null; stock: number }[] } | null = null;
  for (const detail of await seededProducts(page)) {
    for (const option of detail.available_variants.Size ?? []) {
      const variants = detail.variants.filter((variant) => variant.size === option.value && variant.stock > 0);
      if (variants.length > 0 && (best === null || variants.length < best.variants.length)) {
        best = { id: detail.product.id, name: detail.product.name, size: option.value, variants };
      }
    }
  }
  if (!best) throw new Error('the seeded catalogue has no size in stock');
  return best;
}

test.describe('stock and pictures in the back office', () => {
  // Several pages, dialogs and axe runs each, on a machine shared by many test runs.
  test.describe.configure({ timeout: 90_000 });

  test('staff sell out a size from the stock page and the storefront shows it sold out', async ({ page }) => {
    const target = await sizeToSellOut(page);
    await openBackOffice(page, 'staff', '/admin/stock');
    await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    await page.getByLabel('Product name or SKU').fill(target.name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/search=/);
    const dialog = page.getByRole('dialog', { name: 'Adjust stock' });
    for (const [index, variant] of target.variants.entries()) {
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: target.size, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: variant.color ?? '—', exact: true }) });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: /^Adjust stock of / }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(/Change/).fill(String(-variant.stock));
      await dialog.getByLabel('Reason').fill('Stocktake: none left on the shelf');
      await expect(dialog.getByText('after this change: 0')).toBeVisible();
      if (index === 0) expect(await axeProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save change' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(/0 in stock now\./)).toBeVisible();
      await expect(row.getByText('Out of stock')).toBeVisible();
    }

    // Taking more than there is is refused, and the dialog says why.
    const soldOut = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: target.size, exact: true }) })
      .filter({ hasText: 'Out of stock' })
      .first();
    await soldOut.getByRole('button', { name: /^Adjust stock of / }).click();
    await dialog.getByLabel(/Change/).fill('-1');
    await dialog.getByLabel('Reason').fill('Damaged');
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await expect(dialog.getByRole('alert')).toContainText('never goes below 0');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/product/${target.id}`);
    const size = page.getByRole('radio', { name: target.size, exact: true });
    await expect(size).toBeVisible();
    await expect(size).toBeDisabled();
  });

  test('staff upload a picture, make it the main one, and the storefront shows it first', async ({ page }) => {
    // A product without colours: its page opens on its first picture (one with colours opens on the chosen colour's).
    const product = (await seededProducts(page)).find((detail) => !detail.available_variants.Color && detail.product.images.length > 0);
    if (!product) throw new Error('the seeded catalogue has no product without colours');
    const productId = product.product.id;
    const altText = `Studio shot ${Date.now()}`;
    await openBackOffice(page, 'staff', `/admin/products/${productId}/pictures`);
    await expect(page.getByRole('heading', { name: /^Pictures of / })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    // A PNG drawn by the browser: a green square with a yellow band.
    const png = await drawnPng(page, 600, '#1b7a4b', '#f5c400');
    await page.getByLabel(/Picture file/).setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Alt text', { exact: true }).fill(altText);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Picture added: it is last in the order.')).toBeVisible();

    const pictures = page.getByRole('list', { name: 'Pictures in shop order' });
    const uploaded = pictures.getByRole('img', { name: altText });
    await expect(uploaded).toBeVisible();
    await page.getByRole('button', { name: `Make ${altText} the main picture` }).click();
    await expect(pictures.getByRole('listitem').first().getByRole('img', { name: altText })).toBeVisible();
    await expect(pictures.getByRole('listitem').first().getByText('Main picture')).toBeVisible();

    await page.goto(`/product/${productId}`);
    const gallery = page.getByRole('region', { name: `${product.product.name} photos` });
    const main = gallery.getByRole('img', { name: altText });
    await expect(main).toBeVisible();
    await expect(main).toBeInViewport();
    await expect(gallery.getByText('1 / ')).toBeVisible();
    await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  });

  test('the owner ties a picture to a colour; a shopper who picks that colour on the product page sees it', async ({ page, browser }) => {
    // A product in two or more colours: its page shows a colour's first picture when that colour is chosen.
    const product = (await seededProducts(page)).find((detail) => (detail.available_variants.Color?.length ?? 0) >= 2);
    if (!product) throw new Error('the seeded catalogue has no product in two colours');
    const productId = product.product.id;
    const colour = product.available_variants.Color?.at(-1)?.value ?? '';
    const altText = `${colour} detail ${Date.now()}`;
    await openBackOffice(page, 'owner', `/admin/products/${productId}/pictures`);
    await expect(page.getByRole('heading', { name: /^Pictures of / })).toBeVisible();

    const png = await drawnPng(page, 600, '#c0392b', '#ffffff');
    await page.getByLabel(/Picture file/).setInputFiles({ name: 'detail.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Alt text', { exact: true }).fill(altText);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Picture added: it is last in the order.')).toBeVisible();
    const pictures = page.getByRole('list', { name: 'Pictures in shop order' });
    const card = pictures.getByRole('listitem').filter({ has: page.getByRole('img', { name: altText }) });
    const colourSelect = card.getByRole('combobox', { name: 'Colour it shows' });
    await expect(colourSelect).toHaveValue('');
    await colourSelect.selectOption(colour);
    await expect(page.getByText(`Picture colour saved: the product page shows it when a shopper picks ${colour}.`)).toBeVisible();
    await page.getByRole('button', { name: `Make ${altText} the main picture` }).click();
    await expect(pictures.getByRole('listitem').first().getByRole('img', { name: altText })).toBeVisible();
    await page.reload();
    const first = page.getByRole('list', { name: 'Pictures in shop order' }).getByRole('listitem').first();
    await expect(first.getByRole('combobox', { name: 'Colour it shows' })).toHaveValue(colour);
    for (const [width, height, size] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await first.getByRole('combobox', { name: 'Colour it shows' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/admin-fixes-picture-colour-${size}.png` });
    }

    const shopper = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    try {
      await shopper.goto(`/product/${productId}`);
      await shopper.getByRole('radio', { name: colour }).check();
      const gallery = shopper.getByRole('region', { name: `${product.product.name} photos` });
      // The main picture is now the colour's (the choice scrolled the page to the options on a phone).
      const shown = gallery.getByRole('img', { name: altText }).first();
      await expect(shown).toHaveAttribute('fetchpriority', 'high');
      await shown.scrollIntoViewIfNeeded();
      await expect(shown).toBeInViewport();
      await expect(gallery.getByText('1 / ')).toBeVisible();
      await shopper.screenshot({ path: '/tmp/admin-fixes-picture-colour-product-phone.png' });
    } finally {
      await shopper.context().close();
      // The product's pictures as they were, for the journeys after this one.
      await page.getByRole('button', { name: `Delete ${altText}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete picture' }).click();
      await expect(page.getByText('Picture deleted.')).toBeVisible();
    }
  });

  test('the stock page fits a phone and its product page lists the stock changes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'staff', '/admin/products/1/stock');
    await expect(page.getByRole('heading', { name: /^Stock of / })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Product sections' });
    await expect(sections.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/admin/products/1');
    await expect(sections.getByRole('link', { name: 'Stock' })).toHaveAttribute('aria-current', 'page');
    // Each variant's stock changes open from a marked, named control.
    const first = page.locator('details').first();
    const opener = first.locator('summary');
    await opener.scrollIntoViewIfNeeded();
    await expect(opener.getByText('Show stock movements')).toBeInViewport();
    await expect(opener.locator('svg')).toBeVisible();
    await page.screenshot({ path: '/tmp/admin-fixes-stock-movements-closed-phone.png' });
    await opener.click();
    await expect(first.getByText('Opening stock')).toBeVisible();
    await expect(opener.getByText('Hide stock movements')).toBeVisible();
    await expect(opener.getByText('Show stock movements')).toBeHidden();
    await page.screenshot({ path: '/tmp/admin-fixes-stock-movements-open-phone.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: '/tmp/admin-fixes-stock-movements-open-desktop.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
  });
});
