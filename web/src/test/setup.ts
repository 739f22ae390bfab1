import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => undefined;

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Preact runs effects after the next frame, or after 35 ms without one; effects left queued by a
// file's last test must run before the file's DOM is torn down, or they find no window.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
