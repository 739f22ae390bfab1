import { currencies } from '@threadline/contracts';
import { LogOut, Settings } from 'lucide-react';
import { useEffect, useId, type RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ModalCloseButton, ModalLayer } from '@/components/ui/modal-layer.tsx';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { accountLinks, type SignedInAccount } from '@/features/navigation/account-links.ts';
import { CurrencyOptions } from '@/features/navigation/components/currency-selector.tsx';
import { MobileCategories } from '@/features/navigation/components/mobile-categories.tsx';
import { LogoMark } from './logo.tsx';
import { primaryNav } from './nav-links.ts';

const rowClass =
  'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

const sectionHeadingClass = 'px-3 text-xs font-semibold tracking-[0.2em] text-stone-500 uppercase';

/**
 * The small-screen menu: a modal layer, which traps focus, closes on Escape and gives focus back
 * to the menu button. Every header link is here, plus the account pages, settings and currency.
 */
export interface MobileMenuProps {
  account: SignedInAccount | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The menu button, which gets focus back when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

export function MobileMenu({ account, open, onOpenChange, trigger }: MobileMenuProps) {
  const { currency, setCurrency, status, error, refresh } = useCurrency();
  const close = () => onOpenChange(false);
  const titleId = useId();

  useEffect(() => {
    if (open) void refresh();
  }, [open, refresh]);

  return (
    <ModalLayer
      open={open}
      onClose={close}
      labelledBy={titleId}
      returnFocus={trigger}
      overlayClassName="fixed inset-0 z-40 bg-stone-950/40 motion-safe:animate-fade-in motion-safe:data-[state=closed]:animate-fade-out"
      className="fixed inset-y-0 left-0 z-50 flex w-[88%] max-w-sm flex-col bg-white shadow-2xl focus:outline-none motion-safe:animate-slide-in-left motion-safe:data-[state=closed]:animate-slide-out-left"
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-5 py-3">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <LogoMark className="size-7 text-brand-700" />
          Menu
        </h2>
        <ModalCloseButton label="Close menu" onClose={close} className="-mr-2" />
      </div>

      <div className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
        <nav aria-label="Mobile">
          <ul className="space-y-0.5">
            {primaryNav.map((entry) => (
              <li key={entry.kind === 'link' ? entry.to : 'categories'}>
                {entry.kind === 'categories' ? (
                  <MobileCategories onNavigate={close} className={rowClass} />
                ) : (
                  <NavLink to={entry.to} end={entry.to === '/'} onClick={close} className={rowClass}>
                    {entry.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="mobile-account-heading" className="border-t border-stone-200 pt-5">
          <h2 id="mobile-account-heading" className={sectionHeadingClass}>
            {account ? `Hi, ${account.customer.first_name}` : 'Account'}
          </h2>
          <ul className="mt-2 space-y-0.5">
            {account ? (
              accountLinks.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink to={to} onClick={close} className={rowClass}>
                    <Icon className="size-5 text-stone-500" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))
            ) : (
              <li className="px-3 pt-1 pb-2">
                <Link to="/signin" onClick={close} className={`${buttonClass('primary')} w-full`}>
                  Sign In
                </Link>
              </li>
            )}
            <li>
              <NavLink to="/settings" onClick={close} className={rowClass}>
                <Settings className="size-5 text-stone-500" aria-hidden="true" />
                Settings
              </NavLink>
            </li>
            {account && (
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    account.onSignOut();
                  }}
                  className={`${rowClass} w-full`}
                >
                  <LogOut className="size-5 text-stone-500" aria-hidden="true" />
                  Sign out
                </button>
              </li>
            )}
          </ul>
        </section>

        <div className="border-t border-stone-200 pt-5">
          <CurrencyOptions currencies={currencies} currency={currency} onSelect={setCurrency} status={status} error={error} />
        </div>
      </div>
    </ModalLayer>
  );
}
