import { expect, test } from '@playwright/test';

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

  test('sign-in page has no store header or footer', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the page starts a guest session with a CSRF cookie', async ({ page, context }) => {
    await page.goto('/');
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '')
      .not.toBe('');
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
