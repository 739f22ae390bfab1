import { expect, test } from './shop-test.ts';

test.describe('the shop is served as one app', () => {
  test('home page shows the header, the page and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(/Threadline/);
  });

  test('an unknown page shows the 404 page', async ({ page }) => {
    const response = await page.goto('/this-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This look isn't in our collection")).toBeVisible();
    await page.getByRole('link', { name: /shop/i }).first().click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('every address answers the status of what it shows: the back office 200, /403 403, /500 500, an unknown page 404', async ({
    page,
    request,
  }) => {
    const statuses: [string, number][] = [
      ['/admin', 200],
      ['/admin/', 200],
      ['/admin/orders', 200],
      ['/admin/orders/12', 200],
      ['/admin/products/1', 200],
      ['/admin/products/1/pictures', 200],
      ['/403', 403],
      ['/500', 500],
      ['/admin-nope', 404],
      ['/this-does-not-exist', 404],
    ];
    const answered = await Promise.all(statuses.map(async ([path]) => [path, (await request.get(path)).status()] as [string, number]));
    expect(answered).toEqual(statuses);

    for (const [width, height, size] of [
      [390, 844, 'phone'],
      [1280, 800, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      const forbidden = await page.goto('/403');
      expect(forbidden?.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'This area is for VIP members only' })).toBeInViewport();
      await page.screenshot({ path: `/tmp/admin-fixes-403-${size}.png` });
      const failed = await page.goto('/500');
      expect(failed?.status()).toBe(500);
      await expect(page.getByRole('heading', { level: 1, name: 'Our servers are having a fashion emergency' })).toBeInViewport();
      await page.screenshot({ path: `/tmp/admin-fixes-500-${size}.png` });
      // A guest opening the back office is answered 200 and asked to sign in first.
      const backOffice = await page.goto('/admin/orders');
      expect(backOffice?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeInViewport();
      await page.screenshot({ path: `/tmp/admin-fixes-admin-guest-${size}.png` });
    }
  });

  test('sign-in page has no store header or footer', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test("a page opened in a tab whose last page was left scrolled down starts at its top, and a reload keeps a page's place", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scrolledToFooter = async () => {
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    };
    // The newsletter sign-up is at the foot of the contact page; its e-mail's link may open in that tab.
    await page.goto('/contact');
    await scrolledToFooter();
    await page.goto('/newsletter/unsubscribe?token=1.forged');
    await expect(page.getByRole('heading', { level: 1, name: 'This unsubscribe link did not work' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeInViewport();
    await scrolledToFooter();
    await page.reload();
    await expect(page.getByRole('contentinfo')).toBeInViewport();
  });

  test('the page starts a guest session with a CSRF cookie', async ({ page, context }) => {
    await page.goto('/');
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '').not.toBe('');
    const sessionKey = await page.evaluate(() => localStorage.getItem('sessionKey'));
    expect(sessionKey?.length).toBeGreaterThanOrEqual(32);
  });
});

test.describe('the API beside it', () => {
  test('GET /api/csrf/ sets the cookie and the session header', async ({ request }) => {
    const response = await request.get('/api/csrf/');
    expect(response.status()).toBe(200);
    expect(response.headers()['x-session-key']).toBeTruthy();
    expect(response.headers()['set-cookie']).toContain('csrftoken=');
  });

  test('a POST without the CSRF token is refused', async ({ request }) => {
    const response = await request.post('/api/orders/cart/', { data: { product_id: 1, quantity: 1 } });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: 'CSRF token missing or incorrect', request_id: response.headers()['x-request-id'] });
  });

  test('an unknown API path answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/nope/');
    expect(response.status()).toBe(404);
    // The request id in the answer's header and body is the one a shopper quotes and the log carries.
    expect(await response.json()).toEqual({ error: 'Not found', request_id: response.headers()['x-request-id'] });
    expect(response.headers()['x-request-id']).toMatch(/^[\w.:-]{1,64}$/);
  });
});
