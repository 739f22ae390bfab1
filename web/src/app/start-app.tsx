import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { storageKeys } from '@threadline/contracts';
import { ensureSession } from '@/lib/api-client.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { readStorage } from '@/lib/storage.ts';
import { loadErrorPages } from './error-pages.tsx';
import { isNotFoundPage, takePageState, type PageState } from './page-state.ts';
import { AppProviders } from './providers.tsx';
import { createRoutes } from './router.tsx';

/** Lets the browser paint and answer input before the next step of starting the app. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// A failed check does not block the shop: a state-changing call without a session starts one itself.
const startSession = () => void ensureSession().catch(() => undefined);

/**
 * The page's lazily loaded route modules (and the error pages' code, for a page the server
 * rendered as one), loaded now: hydration must render the page, not a fallback.
 */
async function loadMatchedRoutes(routes: RouteObject[], pageState: PageState) {
  const matches = matchRoutes(routes, window.location) ?? [];
  const showsError = pageState.errors !== null || matches.some(({ route }) => isNotFoundPage(route));
  await Promise.all([
    showsError ? loadErrorPages() : undefined,
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  ]);
}

/**
 * Holds taps on the server's buttons while the page hydrates, and makes them once it has: a button
 * does nothing until its handler is attached. Links need no help; the browser follows them.
 */
function holdEarlyTaps(container: HTMLElement): () => void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  container.addEventListener('click', hold, true);
  let made = false;
  return () => {
    if (made) return;
    made = true;
    container.removeEventListener('click', hold, true);
    for (const button of held) if (button.isConnected) button.click();
  };
}

/**
 * Starts the shop in `container`: hydrates the page the server rendered into it (its state is in
 * the document), or renders the page itself.
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  // A page the server rendered is on screen already, so the app starts in short steps, each a task
  // of its own (on a phone every step over 12.5 ms here holds input up for more than 50 ms), and
  // asks for a session (and, through its queries, for the cart and the day's rates) only once the
  // page is its own. The scripts' evaluation is the first step; taps from then on are held.
  const makeHeldTaps = holdEarlyTaps(container);
  await nextTask();
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const pageState = takePageState(queryClient);
  // The taps held so far are made once the providers have hydrated (their effects have run).
  const app = (router: ReturnType<typeof createBrowserRouter>) => (
    <StrictMode>
      <AppProviders queryClient={queryClient} pageCurrency={pageState?.currency ?? null} onStarted={makeHeldTaps}>
        {/* Not in a transition: React would hold a navigation for as long as a part it has not
            hydrated (an island not yet seen) is reached by the router's new state (ADR 35). */}
        <RouterProvider router={router} useTransitions={false} />
      </AppProviders>
    </StrictMode>
  );
  if (!pageState) {
    startSession();
    const root = createRoot(container);
    root.render(app(createBrowserRouter(routes)));
    return root;
  }
  // The first match of the address against the route table runs the router's code cold (about
  // 12 ms on this machine): a step of its own.
  await nextTask();
  await loadMatchedRoutes(routes, pageState);
  await nextTask();
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: pageState.loaderData, errors: pageState.errors },
  });
  await nextTask();
  // The first read of local storage loads it (about 7 ms on this machine, four times that on a
  // phone): made in a task of its own, so that hydration's reads of the sign-in, the chosen
  // currency and the kept cart are quick.
  readStorage(storageKeys.accessToken);
  await nextTask();
  const root = hydrateRoot(container, app(router));
  // The session check's request waits for the next task, not the hydration's.
  await nextTask();
  startSession();
  return root;
}
