import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { backOfficeSpecFiles } from './tests/staff-accounts.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. The browser tests use Debian's Chromium: ` +
      'run `apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH). Never `npx playwright install`.',
  );
}

// Two shops, each on a fresh database: the back office's journeys add products, sell out sizes and
// change pictures and charges, and the storefront's journeys count on the seeded catalogue as it is.
const storefrontPort = Number(process.env.E2E_PORT ?? 4321);
const backOfficePort = storefrontPort + 1;
// A third shop takes cards through PowerTranz (a local stand-in of the gateway) beside the built-in test provider.
const powertranzPort = storefrontPort + 2;
const powertranzSpecFiles = ['**/powertranz.spec.ts'];
const addressOf = (port: number) => `http://127.0.0.1:${port}`;

function freshShop(port: number, env: Record<string, string> = {}) {
  return {
    command: 'node serve-fresh-shop.mjs',
    url: `${addressOf(port)}/api/health/`,
    env: { PORT: String(port), HOST: '127.0.0.1', ...env },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './tests',
  // A file's journeys run in order; two files at a time (one worker a core) keep the run in minutes.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A journey walks several pages; on a busy two-core machine (CI beside other work) a whole one took
  // 30-40 s, past a 30 s budget, while each of its steps still came within the 7 s an assertion waits.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'storefront', testIgnore: [...backOfficeSpecFiles, ...powertranzSpecFiles], use: { baseURL: addressOf(storefrontPort) } },
    { name: 'back office', testMatch: backOfficeSpecFiles, use: { baseURL: addressOf(backOfficePort) } },
    { name: 'powertranz', testMatch: powertranzSpecFiles, use: { baseURL: addressOf(powertranzPort) } },
  ],
  webServer: [freshShop(storefrontPort), freshShop(backOfficePort), freshShop(powertranzPort, { POWERTRANZ_STAND_IN: 'true' })],
});
