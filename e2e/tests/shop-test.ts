import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, Locator, Page } from '@playwright/test';

/** What React says in the console when the page it hydrates differs from the server's, or it warns. */
const reactComplaint = /react\.dev|hydrat|Minified React error/i;

/**
 * Playwright's `test`, failing any journey whose pages throw or whose console shows a hydration
 * mismatch or a React warning (issue 29), in every page of its context.
 */
export const test = base.extend<{ reactConsole: void }>({
  reactConsole: [
    async ({ context }, use) => {
      const complaints: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => complaints.push(`${page.url()}: ${error.message}`));
        page.on('console', (message) => {
          if (reactComplaint.test(message.text())) complaints.push(`${page.url()}: ${message.type()}: ${message.text()}`);
        });
      };
      for (const page of context.pages()) watch(page);
      context.on('page', watch);
      await use();
      if (complaints.length > 0) throw new Error(`The browser console complained:\n${complaints.join('\n')}`);
    },
    { auto: true },
  ],
});
