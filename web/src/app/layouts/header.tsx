import { ShoppingBag } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { SignedInAccount } from '@/features/navigation/account-links.ts';
import { useCartPanel } from '@/lib/cart-panel-context.tsx';
import { HydrateWhenSeen, islandCode } from '@/lib/hydrate-when-seen.tsx';
import { Logo } from './logo.tsx';
import { MobileMenuButton } from './mobile-menu-button.tsx';

function CartButton({ count }: { count: number }) {
  const { setOpen } = useCartPanel();
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className="relative flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900"
    >
      <ShoppingBag className="size-6" aria-hidden="true" />
      <span
        aria-hidden="true"
        className={`absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[11px] leading-none font-semibold ${
          count > 0 ? 'bg-brand-700 text-white' : 'bg-stone-200 text-stone-700'
        }`}
      >
        {count}
      </span>
    </button>
  );
}

// What a phone does not show (the navigation and currency selector of wider screens: a phone has
// them in its menu) and what a guest does not see (the account menu) are islands of their own whose
// code loads when they wake or first render: their islands never come into view on a phone.
const mainNav = islandCode(() => import('./main-nav.tsx').then((module) => module.MainNav));
const headerCurrency = islandCode(() => import('./header-currency.tsx').then((module) => module.HeaderCurrency));
const userMenu = islandCode(() => import('@/features/navigation/components/user-menu.tsx').then((module) => module.UserMenu));

export interface HeaderProps {
  /** Fed by the cart feature through the layout. */
  cartCount: number;
  /** The signed-in shopper, or `null` for a guest. */
  account: SignedInAccount | null;
}

// Memoised: the layout renders again when the cart or the account changes, the header only when its own props do.
export const Header = memo(function Header({ cartCount, account }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        {/* Islands side by side, none inside another that renders over its markup (the parts that
            show the cart and the account do): an island asleep inside such an one would lose the
            server's markup while it waits, and the header would jump. */}
        <HydrateWhenSeen name="header">
          <MobileMenuButton account={account} />
          <Logo />
        </HydrateWhenSeen>
        <HydrateWhenSeen name="main-nav" code={mainNav.code}>
          <mainNav.Part />
        </HydrateWhenSeen>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <HydrateWhenSeen name="header-currency" code={headerCurrency.code}>
            <div className="hidden sm:block">
              <headerCurrency.Part />
            </div>
          </HydrateWhenSeen>
          <HydrateWhenSeen name="header-account">
            {account ? (
              <HydrateWhenSeen name="account-menu" code={userMenu.code}>
                <userMenu.Part account={account} />
              </HydrateWhenSeen>
            ) : (
              <Link
                to="/signin"
                className="hidden h-11 items-center rounded-full px-4 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 ring-inset hover:bg-stone-100 hover:text-stone-900 sm:inline-flex"
              >
                Sign In
              </Link>
            )}
            <CartButton count={cartCount} />
          </HydrateWhenSeen>
        </div>
      </div>
    </header>
  );
});
