import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';
import { mailsTo } from './shop-outbox.ts';

// A 1x1 PNG, as a shopper's photo would arrive.
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
// An orange 8x8 PNG: a picture that can be told apart from the grey placeholder in a screenshot.
const orangePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM45MiDFTEMLQkAps5DwQ9DwNsAAAAASUVORK5CYII=',
  'base64',
);

const uniqueEmail = (name: string) => `${name}${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

async function signUpThroughPage(page: Page, email: string, password = 'island-breeze-42') {
  await page.goto('/signup');
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill('Ayesha');
  await main.getByLabel('Last name').fill('Campbell');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: /Ayesha/ })).toBeVisible();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: /Ayesha/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function signInThroughPage(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('accounts', () => {
  test('sign up, sign out, and sign in again', async ({ page }) => {
    const email = uniqueEmail('ayesha');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('All fields are required');
    await expect(page.getByRole('main').getByLabel('First name')).toBeFocused();

    await signUpThroughPage(page, email);
    await expect(page).toHaveURL(/\/$/);
    await signOutFromMenu(page);

    await page.goto('/signin');
    await signInThroughPage(page, email, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
    await page.getByRole('main').getByLabel('Password').fill('island-breeze-42');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: /Ayesha/ })).toBeVisible();
  });

  test('a guest visiting an account page signs in and comes back to it', async ({ page }) => {
    const email = uniqueEmail('returning');
    await signUpThroughPage(page, email);
    await signOutFromMenu(page);

    await page.goto('/orders');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText('Please sign in to continue.')).toBeVisible();
    await signInThroughPage(page, email, 'island-breeze-42');
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  });

  test('signs in with Google through the OpenID Connect provider', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(page.getByText('You have been successfully signed in. Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: /islander@example.com|Account/ })).toBeVisible();
  });

  test('edits the profile with a picture', async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('pictured'));
    await page.goto('/profile');
    const main = page.getByRole('main');
    await expect(main.getByText(/^Member since \w+ \d{4}$/)).toBeVisible();
    await main.getByLabel('First name').fill('Ayesha-Rose');
    await main.getByLabel('Phone').fill('876 555 0111');
    await main.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(main.getByRole('img', { name: 'Ayesha-Rose Campbell' })).toHaveAttribute('src', /\/static\/media\/profiles\/.+\.webp$/);
    // The header reads the same profile: the new name shows without a reload.
    await expect(page.getByRole('button', { name: /Ayesha-Rose/ })).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('Phone')).toHaveValue('876 555 0111');
  });

  test('shows the profile picture in the header account button on a phone and a desktop, and the initial when it fails to load', async ({
    page,
  }) => {
    await signUpThroughPage(page, uniqueEmail('avatar'));
    const button = page.getByRole('banner').getByRole('button', { name: 'Account: Ayesha' });
    await expect(button.getByText('A', { exact: true })).toBeVisible();
    await page.goto('/profile');
    await page.getByRole('main').getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: orangePng });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();

    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.reload();
      const avatar = button.locator('img');
      await expect(avatar).toBeVisible();
      await expect(avatar).toBeInViewport();
      await expect(avatar).toHaveAttribute('src', /\/static\/media\/profiles\/.+\.webp$/);
      await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const box = await avatar.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(28);
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, {
        x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
        y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
      });
      expect(onTop).toBe('IMG');
      await expect(button.getByText('A', { exact: true })).toHaveCount(0);
      await page.screenshot({ path: `/tmp/shots-account/header-avatar-${size.width}.png` });
      await button.click();
      await expect(page.getByRole('menu', { name: 'Account' })).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `/tmp/shots-account/header-account-menu-${size.width}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
    }

    await page.route('**/static/media/profiles/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await expect(button.getByText('A', { exact: true })).toBeVisible();
    await expect(button.locator('img')).toHaveCount(0);
  });

  test('clears a saved phone and date of birth', async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('clearing'));
    await page.goto('/profile');
    const main = page.getByRole('main');
    await main.getByLabel('Phone').fill('876 555 0111');
    await main.getByLabel('Date of birth').fill('1990-04-02');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('Phone')).toHaveValue('876 555 0111');
    await expect(main.getByLabel('Date of birth')).toHaveValue('1990-04-02');

    await main.getByLabel('Phone').fill('');
    await main.getByLabel('Date of birth').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('First name')).toHaveValue('Ayesha');
    await expect(main.getByLabel('Phone')).toHaveValue('');
    await expect(main.getByLabel('Date of birth')).toHaveValue('');
  });

  test('offers the phone of the last order at the next checkout', async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('caller'));
    const phone = page.getByRole('main').getByLabel('Phone');
    for (const visit of ['first', 'second']) {
      await page.goto('/product/1');
      await page.getByRole('radio', { name: '9' }).check();
      await page.getByRole('radio', { name: 'Black' }).check();
      await page.getByRole('button', { name: /^Add to Cart - / }).click();
      await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'Checkout' }).click();
      await expect(page.getByText('✓ Profile loaded')).toBeVisible();
      if (visit === 'second') break;
      await expect(phone).toHaveValue('');
      await phone.fill('876 555 0142');
      await page.getByRole('radio', { name: 'Pickup' }).check();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    }
    await expect(phone).toHaveValue('876 555 0142');
    await expect(phone).toBeInViewport();
  });

  test("offers 'Choose Options' from the start for a saved product with sizes and colours", async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('options'));
    await page.goto('/product/1');
    await page.getByRole('button', { name: 'Add to Wishlist', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove from Wishlist', exact: true })).toBeVisible();
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/wishlist');
      const card = page.getByRole('main').getByRole('article', { name: 'Kingston Runner' });
      const choose = card.getByRole('link', { name: 'Choose Options' });
      await expect(choose).toBeVisible();
      await expect(choose).toBeInViewport();
      await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
      await expect(page.getByText(/comes in more than one option/)).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/shots-account/wishlist-${size.width}.png` });
    }
    await page.getByRole('main').getByRole('link', { name: 'Choose Options' }).click();
    await expect(page).toHaveURL(/\/product\/1$/);
  });

  test("unsubscribes from the newsletter by its e-mail's link and by a mail client's one-click POST", async ({ page, playwright }) => {
    const email = uniqueEmail('reader');
    await page.goto('/contact');
    const signUpForm = page.getByRole('form', { name: 'Newsletter sign-up' });
    await signUpForm.getByLabel('Email address').fill(email);
    await signUpForm.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText("You're subscribed!")).toBeVisible();

    await expect.poll(() => newestMailTo(email)).not.toBeNull();
    const mail = (newestMailTo(email) ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const oneClickAddress = /^List-Unsubscribe: <(http:\/\/[^>]+\/api\/newsletter\/unsubscribe\/\?token=[^>]+)>/m.exec(mail)?.[1] ?? '';
    const link = /http:\/\/[^\s"<]+\/newsletter\/unsubscribe\?token=[\w.%-]+/.exec(mail)?.[0] ?? '';
    expect(oneClickAddress).not.toBe('');
    expect(link).not.toBe('');

    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(link);
      const heading = page.getByRole('heading', { level: 1, name: 'You have been unsubscribed' });
      await expect(heading).toBeVisible();
      await expect(heading).toBeInViewport();
      await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/shots-account/unsubscribed-${size.width}.png` });
    }

    // A mail client posts to the header's address with no cookies, session or CSRF token.
    const mailClient = await playwright.request.newContext();
    const response = await mailClient.post(oneClickAddress, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    await mailClient.dispose();

    await page.goto('/newsletter/unsubscribe?token=1.forged');
    await expect(page.getByRole('heading', { level: 1, name: 'This unsubscribe link did not work' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
    await page.screenshot({ path: `/tmp/shots-account/unsubscribe-invalid-390.png` });
  });

  test('keeps an address book: add, edit, set default and delete', async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('addresses'));
    await page.goto('/addresses');
    const main = page.getByRole('main');

    await page.getByRole('button', { name: 'Add Your First Address' }).click();
    const first = page.getByRole('dialog', { name: 'Add address' });
    await first.getByRole('button', { name: 'Save address' }).click();
    await expect(first.getByText('Street address is required')).toBeVisible();
    await first.getByLabel('Label').fill('Home');
    await first.getByLabel('Street address').fill('12 Hope Road');
    await first.getByLabel('City').fill('Kingston');
    await first.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address added successfully!')).toBeVisible();
    await expect(main.getByRole('article', { name: 'Home' }).getByText('Default', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Address' }).click();
    const second = page.getByRole('dialog', { name: 'Add address' });
    await second.getByLabel('Label').fill('Work');
    await second.getByLabel('Street address').fill('1 Knutsford Boulevard');
    await second.getByLabel('City').fill('New Kingston');
    await second.getByRole('button', { name: 'Save address' }).click();
    const work = main.getByRole('article', { name: 'Work' });
    await expect(work).toBeVisible();

    await work.getByRole('button', { name: 'Set Work as default' }).click();
    await expect(page.getByText('Default address updated!')).toBeVisible();
    await expect(work.getByText('Default', { exact: true })).toBeVisible();
    await expect(main.getByRole('article', { name: 'Home' }).getByText('Default', { exact: true })).toHaveCount(0);

    await main.getByRole('button', { name: 'Edit Home' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit address' });
    await expect(edit.getByLabel('Street address')).toHaveValue('12 Hope Road');
    await edit.getByLabel('City').fill('Half Way Tree');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address updated successfully!')).toBeVisible();
    await expect(main.getByRole('article', { name: 'Home' }).getByText(/Half Way Tree/)).toBeVisible();

    await main.getByRole('button', { name: 'Delete Home' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete address' });
    await expect(confirm.getByText('Are you sure you want to delete this address?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Address deleted successfully!')).toBeVisible();
    await expect(main.getByRole('article', { name: 'Home' })).toHaveCount(0);
  });

  test('saves to the wishlist from a product card and the product page, and removes from it', async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('wishful'));
    await page.goto('/shop?search=irie');
    const card = page.getByRole('article').first();
    const name = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(card.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();

    await page.goto('/product/1');
    await page.getByRole('button', { name: 'Add to Wishlist', exact: true }).click();
    // Saved once the button says so: leaving the page before then can leave the save unsent.
    await expect(page.getByRole('button', { name: 'Remove from Wishlist', exact: true })).toBeVisible();

    await page.goto('/wishlist');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Kingston Runner', exact: true })).toBeVisible();

    await main.getByRole('button', { name: 'Remove Kingston Runner from wishlist' }).click();
    await expect(page.getByText('Item removed from wishlist!')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Kingston Runner', exact: true })).toHaveCount(0);
  });

  test('lists a signed-in card order in the order history', async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('buyer'));
    await page.goto('/product/1');
    await page.getByRole('radio', { name: '9' }).check();
    await page.getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('button', { name: /^Add to Cart - / }).click();
    await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page.getByText('✓ Profile loaded')).toBeVisible();
    await page.getByRole('radio', { name: 'Pickup' }).check();
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('main').getByLabel('Phone').fill('876 555 0111');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();

    await page.goto('/orders');
    const order = page.getByRole('main').getByRole('article', { name: /^Order TL-/ });
    await expect(order.getByText('Processing')).toBeVisible();
    await expect(order.getByText('Pickup at our store')).toBeVisible();
    await order.getByRole('button', { name: /View Details/ }).click();
    await expect(page.getByRole('dialog').getByText('1 × Kingston Runner (9 / Black)')).toBeVisible();
  });

  test('resets a forgotten password through the e-mailed link', async ({ page }) => {
    const email = uniqueEmail('forgetful');
    await signUpThroughPage(page, email, 'old-password-1');
    await signOutFromMenu(page);

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that e-mail')).toBeVisible();

    await expect.poll(() => newestMailTo(email)).not.toBeNull();
    const link = /http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(newestMailTo(email) ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInThroughPage(page, email, 'new-password-2');
    await expect(page.getByRole('button', { name: /Ayesha/ })).toBeVisible();

    // The link works once.
    await signOutFromMenu(page);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('new-password-3');
    await page.getByLabel('Confirm new password').fill('new-password-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});

// One page per test: axe takes a few seconds a page on a slow machine, and eight in one test outran its time.
test.describe('accessibility', () => {
  test('sign-in and sign-up, with their errors showing, have no serious or critical violations', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your email')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const path of ['/profile', '/orders', '/addresses', '/wishlist', '/settings']) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await signUpThroughPage(page, uniqueEmail('axe'));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    });
  }

  test('the address dialog, with its errors showing, has no serious or critical violations', async ({ page }) => {
    await signUpThroughPage(page, uniqueEmail('axe'));
    await page.goto('/addresses');
    await page.getByRole('button', { name: 'Add Your First Address' }).click();
    await page.getByRole('dialog', { name: 'Add address' }).getByRole('button', { name: 'Save address' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The newest e-mail the shop wrote to its outbox for an address. */
const newestMailTo = (address: string): string | null => mailsTo(address)[0] ?? null;
