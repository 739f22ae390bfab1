import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './shop-test.ts';

const shotsDir = process.env.SHOTS_DIR;

/** Console errors, failed requests and requests that left the shop while the page was open. */
function watchProblems(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) problems.push(`left the shop: ${request.url()}`);
  });
  return problems;
}

for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test(`the API reference at /api/docs/ shows every call, on a ${name}`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const problems = watchProblems(page, baseURL ?? '');
    const response = await page.goto('/api/docs/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page).toHaveTitle('Threadline API reference');
    // The reference's script is large: as the first page of a run, on a cold server and a busy
    // machine, it was seen to render after the 7 s an assertion waits by default.
    await expect(page.getByRole('heading', { name: /Threadline API/ })).toBeInViewport({ timeout: 20_000 });

    // 'GET /api/shop/' is listed under its area, and opening it shows its query parameters.
    const shopCall = page.locator('.opblock-get', { has: page.locator('[data-path="/api/shop/"]') });
    await shopCall.scrollIntoViewIfNeeded();
    await expect(shopCall.locator('.opblock-summary-method')).toHaveText('GET');
    await expect(shopCall.locator('.opblock-summary-path')).toHaveText('/api/shop/');
    await expect(shopCall).toBeInViewport();
    await shopCall.locator('.opblock-summary').click();
    await expect(shopCall.getByText('min_price', { exact: true })).toBeVisible();
    // Every call is listed, the card webhook and the profile change included.
    expect(await page.locator('.opblock').count()).toBeGreaterThan(40);

    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: `${shotsDir}/api-docs-${name}.png` });
    }
    expect(problems).toEqual([]);
  });
}
