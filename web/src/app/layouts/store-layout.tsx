import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { useCartCount } from '@/features/cart/hooks/use-cart-view.ts';
import { useReplayPendingCart } from '@/features/cart/pending-cart.ts';
import type { NoticeMessage } from '@/components/ui/notice.tsx';
import { Notice } from './lazy-notice.tsx';
import { useCartPanel } from '@/lib/cart-panel-context.tsx';
import { pageNoticeOf } from '@/lib/page-notice.ts';
import { Header } from './header.tsx';
import { HydrateWhenSeen, islandCode } from '@/lib/hydrate-when-seen.tsx';

// The slide-out (and its dialog library) loads the first time it opens, not with every page.
const CartPanel = lazy(() => import('./cart-panel.tsx').then((module) => ({ default: module.CartPanel })));

// The footer's code (its newsletter form, the store's details, its icons) loads when its island
// wakes: a shopper who never scrolls to it never loads it.
const footer = islandCode(() => import('./footer.tsx').then((module) => module.Footer));

function LazyCartPanel() {
  const { hasOpened } = useCartPanel();
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}

/** Header, cart slide-out and footer around every page except the ones in MinimalLayout (SPEC §2). */
export function StoreLayout() {
  return (
    // The frame hydrates in a task after the app's providers and router, the page in a task after
    // the frame's, and the page's own islands when seen (ADR 30): one task for the three held a
    // phone's input up for over 100 ms.
    <HydrateWhenSeen name="frame" holdsIslands>
      <StoreFrame>
        <HydrateWhenSeen name="page" holdsIslands>
          <Outlet />
        </HydrateWhenSeen>
      </StoreFrame>
    </HydrateWhenSeen>
  );
}

/** The storefront's frame around a page that is not a route of its own (the 403 page at /admin). */
export function StoreFrame({ children }: { children: ReactNode }) {
  const cartCount = useCartCount();
  // A change kept while offline that the server refuses later is told wherever the shopper is.
  const [cartNotice, setCartNotice] = useState<NoticeMessage | null>(null);
  useReplayPendingCart((text) => setCartNotice({ tone: 'error', text }));
  // What the page the shopper came from did ('Your payment was cancelled…'); dismissing it takes it
  // out of the history entry, so going back or reloading does not say it again.
  const location = useLocation();
  const navigate = useNavigate();
  const arrivalText = pageNoticeOf(location.state);
  const arrivalNotice = useMemo<NoticeMessage | null>(() => (arrivalText ? { tone: 'success', text: arrivalText } : null), [arrivalText]);
  const dismissArrival = () =>
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  const { user, signOut } = useAuth();
  const firstName = user ? user.first_name || user.email : null;
  const picture = user?.profile_picture ?? null;
  const account = useMemo(
    () => (firstName === null ? null : { customer: { first_name: firstName, profile_picture: picture }, onSignOut: () => void signOut() }),
    [firstName, picture, signOut],
  );
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-stone-900 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      {/* The header's parts are islands of their own. */}
      <Header cartCount={cartCount} account={account} />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <HydrateWhenSeen name="footer" code={footer.code}>
        <footer.Part />
      </HydrateWhenSeen>
      <LazyCartPanel />
      {cartNotice ? (
        <Notice notice={cartNotice} onDismiss={() => setCartNotice(null)} />
      ) : arrivalNotice ? (
        <Notice notice={arrivalNotice} onDismiss={dismissArrival} />
      ) : null}
    </div>
  );
}
