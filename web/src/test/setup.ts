import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => undefined;

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
