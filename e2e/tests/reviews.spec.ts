import { drawnPng } from './drawn-picture.ts';
import { expect, test, type Page } from './shop-test.ts';
import { customerOrders, personsPage, seriousViolations, staffHandsOverPickup, staffOpenOrder, unique } from './shop-orders.ts';

/**
 * Issue 34 (KINGSTON.md §6): a buyer whose order was delivered reviews what they bought, staff
 * approve it in the back office, and the product page shows it as a verified purchase.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** The page at both sizes the shop is looked at, for a person to look at; nothing wider than a phone. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize(phone);
  await page.screenshot({ path: `/tmp/reviews-${name}-phone.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize(desktop);
  await page.screenshot({ path: `/tmp/reviews-${name}-desktop.png`, fullPage: true });
}

/** The product page's reviews, scrolled to so their island wakes. */
async function reviewsOf(page: Page) {
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  return reviews;
}

test.describe('reviews from buyers', () => {
  test.describe.configure({ timeout: 180_000 });

  // The buyer's pages are the test's own, so a hydration complaint on them fails the journey (shop-test.ts).
  test('a buyer reviews a delivered product, staff approve it, and it shows as a verified purchase', async ({
    browser,
    page: customer,
  }) => {
    const email = unique('reviewer');
    await customer.setViewportSize(desktop);
    const orderNumber = await customerOrders(customer, email, 'Cash on Delivery');

    // Not delivered yet: the page says why there is no form.
    await customer.goto('/product/1');
    const before = await reviewsOf(customer);
    await expect(before.getByText('Only customers whose order with this product was delivered can review it.')).toBeVisible();

    const staff = await personsPage(browser);
    await staffOpenOrder(staff, email, orderNumber);
    await staffHandsOverPickup(staff, orderNumber);

    await customer.goto('/product/1');
    const reviews = await reviewsOf(customer);
    const form = reviews.getByRole('form', { name: /^Review of / });
    await form.getByRole('radio', { name: '5 stars' }).check();
    await form.getByRole('radio', { name: 'Runs small' }).check();
    await form.getByLabel('Title').fill('Great runner <b>for Hope Gardens</b>');
    await form.getByLabel('Your review').fill('Light and cool for early laps. Order half a size up.');
    await form
      .getByLabel(/^Photos/)
      .setInputFiles({ name: 'laps.png', mimeType: 'image/png', buffer: await drawnPng(customer, 800, '#1b7a4b', '#f5c518') });
    expect(await seriousViolations(customer)).toEqual([]);
    await form.getByRole('button', { name: 'Send review' }).click();
    await expect(reviews.getByText('Thank you! Your review will appear once the shop has checked it.')).toBeVisible();
    // Pending: not on the page until staff approve it.
    await expect(reviews.getByText(/No reviews yet/)).toBeVisible();

    await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await staff.getByLabel('Show').selectOption('pending');
    const pending = staff.getByRole('listitem').filter({ hasText: email });
    await expect(pending.getByRole('heading', { name: 'Great runner <b>for Hope Gardens</b>' })).toBeVisible();
    await expect(pending.getByRole('img', { name: 'Shared with the review, 1 of 1' })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);
    await screenshots(staff, 'back-office');
    await pending.getByLabel(/Public reply/).fill('Thanks for shopping with us!');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByText('No pending reviews.')).toBeVisible();

    const shopper = await personsPage(browser, phone);
    await shopper.goto('/product/1');
    const shown = await reviewsOf(shopper);
    const review = shown.getByRole('article', { name: 'Great runner <b>for Hope Gardens</b>' });
    await expect(review).toBeVisible();
    await expect(review.getByText('Verified purchase')).toBeVisible();
    await expect(review.getByText('Ayesha C.')).toBeVisible();
    await expect(review.getByText('Size 9 · Colour Black · Runs small')).toBeVisible();
    await expect(review.getByText('Thanks for shopping with us!')).toBeVisible();
    await expect(review.getByRole('img', { name: 'Shared by Ayesha C., 1 of 1' })).toBeVisible();
    await expect(shown.getByText('Based on 1 review')).toBeVisible();
    const structured = JSON.parse((await shopper.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(structured.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(await seriousViolations(shopper)).toEqual([]);
    await screenshots(shopper, 'product');

    // The buyer, signed in, sees it too, and is not offered a second review.
    await customer.goto('/product/1');
    const own = await reviewsOf(customer);
    await expect(own.getByRole('article', { name: 'Great runner <b>for Hope Gardens</b>' }).getByText('Verified purchase')).toBeVisible();
    await expect(own.getByText('You have reviewed this product. Thank you!')).toBeVisible();

    await staff.context().close();
    await shopper.context().close();
  });
});
