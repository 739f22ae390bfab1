import { expect, test, type Page } from './shop-test.ts';

// Against the seeded demo catalogue (api/src/db/seed/catalogue.ts): the Dancehall High-Top is sold
// out in every size; the Kingston Runner (product 1) has 2 left of size 10 in Black, and pictures
// in Black (first) and Red (second), none in White.

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** The element on top at the middle of a locator's box: what a tap there would reach. */
async function isOnTop(page: Page, locator: ReturnType<Page['getByRole']>) {
  const box = await locator.boundingBox();
  if (!box) return false;
  const handle = await locator.elementHandle();
  return page.evaluate(
    ([element, x, y]) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (element === top || (element as Element).contains(top));
    },
    [handle, box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}

for (const { name, viewport } of sizes) {
  test.describe(`at ${name} size`, () => {
    test.use({ viewport });

    test('a sold-out product says Out of Stock on its card, in its page and never offers to add it', async ({ page }) => {
      await page.goto('/shop?search=dancehall');
      const card = page.getByRole('article').filter({ hasText: 'Dancehall High-Top' });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText('Out of Stock', { exact: true }).first()).toBeInViewport();
      const cardButton = card.getByRole('button', { name: 'Out of Stock' });
      await expect(cardButton).toBeVisible();
      await expect(cardButton).toBeDisabled();

      await card.getByRole('link', { name: 'Dancehall High-Top' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Dancehall High-Top' })).toBeVisible();
      const badge = page.getByText('Out of Stock', { exact: true }).first();
      await badge.scrollIntoViewIfNeeded();
      await expect(badge).toBeVisible();
      await expect(page.getByText('Select Options', { exact: true })).toHaveCount(0);
      const add = page.getByRole('button', { name: /^Add to Cart - / });
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeInViewport();
      await expect(add).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();

      // KINGSTON.md §5: the shopper asks for one e-mail when it is back.
      const notify = page.getByRole('form', { name: 'Notify me when it is back' });
      await notify.getByRole('button', { name: 'Notify Me' }).click();
      await expect(notify.getByText('Email is required')).toBeVisible();
      // Its sizes cannot be chosen above while sold out: the form asks for the one wanted.
      await notify.getByLabel('Size').selectOption('9');
      await expect(notify.getByLabel('Colour')).toHaveValue('Gold');
      await notify.getByLabel('Email').fill(`back-${name}@example.com`);
      await notify.getByRole('button', { name: 'Notify Me' }).click();
      const kept = page.getByText(/^We'll e-mail you once Dancehall High-Top.* is back in stock\.$/);
      await kept.scrollIntoViewIfNeeded();
      await expect(kept).toBeInViewport();
    });

    test('the quantity stops at what is left of the chosen size and colour, less what the cart holds, and says why', async ({ page }) => {
      await page.goto('/product/1');
      await page.getByRole('radio', { name: '10', exact: true }).check();
      await page.getByRole('radio', { name: 'Black' }).check();
      await expect(page.getByText('Only 2 left')).toBeVisible();

      const plus = page.getByRole('button', { name: 'Increase quantity' });
      const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
      await plus.scrollIntoViewIfNeeded();
      await plus.click();
      await expect(quantity).toHaveValue('2');
      await expect(plus).toBeDisabled();
      const why = page.getByText('Only 2 in stock, so you can add up to 2.');
      await expect(why).toBeVisible();
      await expect(why).toBeInViewport();

      await quantity.fill('4');
      await expect(quantity).toHaveValue('2');
      const add = page.getByRole('button', { name: 'Add to Cart - J$23,800.00' });
      await expect(add).toBeEnabled();
      await add.scrollIntoViewIfNeeded();
      expect(await isOnTop(page, add)).toBe(true);
      await add.click();
      const cart = page.getByRole('dialog', { name: 'Your Cart' });
      await expect(cart).toBeVisible();
      await cart.getByRole('button', { name: 'Close cart' }).click();
      await expect(cart).toBeHidden();

      await expect(page.getByText('You already have all 2 we have in stock in your cart.')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Add to Cart - / })).toBeDisabled();
      await expect(plus).toBeDisabled();
    });

    test("choosing a colour shows that colour's first picture", async ({ page }) => {
      await page.goto('/product/1');
      const gallery = page.getByRole('region', { name: 'Kingston Runner photos' });
      await expect(gallery.getByRole('img', { name: 'Kingston Runner in Black, side view' })).toBeVisible();

      await page.getByRole('radio', { name: 'Red' }).check();
      const red = gallery.getByRole('img', { name: 'Kingston Runner in Red, view from the other side' });
      await expect(red).toBeVisible();
      await expect(gallery.getByText('2 / 2')).toBeVisible();
      await red.scrollIntoViewIfNeeded();
      await expect(red).toBeInViewport({ ratio: 0.5 });
      await expect(red).toHaveJSProperty('complete', true);
      expect(await red.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

      // White has no picture of its own: the gallery stays where it was.
      await page.getByRole('radio', { name: 'White' }).check();
      await expect(gallery.getByText('2 / 2')).toBeVisible();
      await page.getByRole('radio', { name: 'Black' }).check();
      await expect(gallery.getByRole('img', { name: 'Kingston Runner in Black, side view' })).toBeVisible();
    });
  });
}
