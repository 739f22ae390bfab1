import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router';
import { QuickAddProvider } from '@/components/product/quick-add-context.tsx';
import { AuthErrorBoundary } from '@/features/auth/components/auth-error-boundary.tsx';
import { QuickAddHost } from '@/features/product/components/quick-add-host.tsx';
import { HydrateWhenSeen } from '@/lib/hydrate-when-seen.tsx';
import { AppShopActions } from './shop-actions.tsx';

// Pages load lazily, so a navigation can wait on the network; a thin bar shows it is under way.
// Screen readers get the new page's heading instead of a progress announcement.
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100">
      <div className="h-full w-2/5 bg-brand-600 motion-safe:animate-progress" />
    </div>
  );
}

/**
 * The place a page was left is kept under its history entry's key, but every page loaded afresh in a
 * tab has the key 'default': a page opened in the same tab from an e-mail's link or the address bar
 * opened where the tab's last loaded page had been left (an unsubscribe confirmation below the fold).
 * Such an entry is kept under its address instead, so a reload still comes back to its place.
 */
function scrollPositionKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** The root route: what every page shares, whichever layout it uses. */
export function AppShell() {
  return (
    // On a page the server rendered, what is under here hydrates in a task after the providers' and
    // the router's, and the storefront's frame and page in tasks after it (ADR 30).
    <HydrateWhenSeen name="shell" holdsIslands>
      <AuthErrorBoundary>
        <AppShopActions>
          <QuickAddProvider>
            <NavigationProgress />
            <Outlet />
            <QuickAddHost />
            <ScrollRestoration getKey={scrollPositionKey} />
          </QuickAddProvider>
        </AppShopActions>
      </AuthErrorBoundary>
    </HydrateWhenSeen>
  );
}

/** Shown until the first page's code has arrived. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <span className="sr-only">Loading…</span>
    </div>
  );
}
