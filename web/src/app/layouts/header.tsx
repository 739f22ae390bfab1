import { currencies } from '@threadline/contracts';
import { ShoppingBag } from 'lucide-react';
import { memo } from 'react';
import { Link, NavLink } from 'react-router';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import type { SignedInAccount } from '@/features/navigation/account-links.ts';
import { CategoriesMegaMenu } from '@/features/navigation/components/categories-mega-menu.tsx';
import { CurrencySelector } from '@/features/navigation/components/currency-selector.tsx';
import { UserMenu } from '@/features/navigation/components/user-menu.tsx';
import { useCartPanel } from '@/lib/cart-panel-context.tsx';
import { Logo } from './logo.tsx';
import { MobileMenuButton } from './mobile-menu-button.tsx';
import { primaryNav } from './nav-links.ts';

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

function HeaderCurrency() {
  const { currency, setCurrency, status, error, refresh } = useCurrency();
  return (
    <CurrencySelector
      currencies={currencies}
      currency={currency}
      onSelect={setCurrency}
      status={status}
      error={error}
      onOpen={() => void refresh()}
    />
  );
}

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
        <MobileMenuButton account={account} />
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden self-stretch md:block lg:ml-10">
          <ul className="flex h-full items-center gap-1">
            {primaryNav.map((entry) =>
              entry.kind === 'categories' ? (
                <CategoriesMegaMenu key="categories" />
              ) : (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    end={entry.to === '/'}
                    className="rounded-full px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:text-stone-900 aria-[current=page]:underline aria-[current=page]:decoration-brand-600 aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                  >
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <div className="hidden sm:block">
            <HeaderCurrency />
          </div>
          {account ? (
            <UserMenu account={account} />
          ) : (
            <Link
              to="/signin"
              className="hidden h-11 items-center rounded-full px-4 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 ring-inset hover:bg-stone-100 hover:text-stone-900 sm:inline-flex"
            >
              Sign In
            </Link>
          )}
          <CartButton count={cartCount} />
        </div>
      </div>
    </header>
  );
});
