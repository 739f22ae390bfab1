import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { createRoutes } from '@/app/router.tsx';
import { loadEveryIslandCode } from '@/lib/hydrate-when-seen.tsx';
import { createQueryClient } from '@/lib/query-client.ts';

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => undefined;

// The code of every island (footer, header parts) at hand before any test: a component that waits
// on code arriving later is not resumed inside React's act(), which Testing Library renders in.
beforeAll(async () => {
  createRoutes(createQueryClient());
  await loadEveryIslandCode();
});

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
