import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { QuickAddProvider } from '@/components/product/quick-add-context.tsx';
import { AuthErrorBoundary } from '@/features/auth/components/auth-error-boundary.tsx';
import { QuickAddHost } from '@/features/product/components/quick-add-host.tsx';
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

/** The root route: what every page shares, whichever layout it uses. */
export function AppShell() {
  return (
    <AuthErrorBoundary>
      <AppShopActions>
        <QuickAddProvider>
          <NavigationProgress />
          <Outlet />
          <QuickAddHost />
          <ScrollRestoration />
        </QuickAddProvider>
      </AppShopActions>
    </AuthErrorBoundary>
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
