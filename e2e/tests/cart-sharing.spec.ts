import { expect, test } from './shop-test.ts';
import { personsPage, seriousViolations } from './shop-orders.ts';

const phone = { width: 390, height: 844 };

// KINGSTON.md §5: a shopper sends their cart on WhatsApp; whoever opens the link gets its lines.
test('on a phone, a shopper shares their cart on WhatsApp and the friend who opens the link has the same items in their cart', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(phone);
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Kingston Runner' })).toBeVisible();
  // The product page's own WhatsApp link names the product at the shop's address.
  const productShare = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(productShare).toBeVisible();
  const productText = new URL((await productShare.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
  expect(productText).toMatch(/^Kingston Runner at Threadline: https?:\/\/[^/]+\/product\/1$/);

  await page.getByRole('radio', { name: '9' }).check();
  await page.getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: /^Add to Cart - / }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await panel.getByRole('link', { name: 'View Cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();

  await page.getByRole('button', { name: 'Share on WhatsApp' }).click();
  const send = page.getByRole('link', { name: 'Send on WhatsApp' });
  await expect(send).toBeInViewport();
  const sendHref = new URL((await send.getAttribute('href')) ?? '');
  expect(sendHref.origin).toBe('https://wa.me');
  const sharedUrl = (sendHref.searchParams.get('text') ?? '').replace('Here is my cart at Threadline: ', '');
  expect(sharedUrl).toMatch(/\/cart\/shared\/[A-Za-z0-9_-]{24}$/);
  await page.screenshot({ path: '/tmp/cart-shared-phone.png', fullPage: true });

  const friend = await personsPage(browser, phone);
  await friend.goto(new URL(sharedUrl).pathname);
  await expect(friend).toHaveURL(/\/cart$/);
  await expect(friend.getByText('The shared items are in your cart.')).toBeVisible();
  const main = friend.getByRole('main');
  await expect(main.getByRole('textbox', { name: 'Quantity of Kingston Runner (9 / Black)' })).toHaveValue('2');
  await expect(friend.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  expect(await seriousViolations(friend)).toEqual([]);
  await friend.screenshot({ path: '/tmp/cart-shared-friend-phone.png', fullPage: true });

  // Back to the link (Back, or the chat again): it adds nothing more.
  await friend.goto(new URL(sharedUrl).pathname);
  await expect(friend).toHaveURL(/\/cart$/);
  await expect(main.getByRole('textbox', { name: 'Quantity of Kingston Runner (9 / Black)' })).toHaveValue('2');

  await friend.goto('/cart/shared/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(friend.getByRole('alert')).toContainText('This shared cart link is not valid or has expired. Ask for a new one.');
  await expect(friend.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  await friend.context().close();
});
