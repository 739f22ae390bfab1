import { Heart, MapPin, Package, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

const sections = [
  { to: '/profile', label: 'Profile', Icon: UserRound },
  { to: '/orders', label: 'Orders', Icon: Package },
  { to: '/addresses', label: 'Addresses', Icon: MapPin },
  { to: '/wishlist', label: 'Wishlist', Icon: Heart },
] as const;

interface AccountLayoutProps {
  title: string;
  /** A line under the title. */
  intro?: string;
  /** Beside the title on wide screens, under it on phones (e.g. 'Add Address'). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The account sidebar of SPEC §2 (a row of tabs on phones) around one account page. */
export function AccountLayout({ title, intro, actions, children }: AccountLayoutProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-10 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-10 lg:px-8">
      <nav aria-label="Account" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:overflow-visible md:px-0">
        <ul className="flex gap-2 md:sticky md:top-24 md:flex-col md:gap-1">
          {sections.map(({ to, label, Icon }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                className="flex min-h-11 items-center gap-3 rounded-full px-3.5 text-sm font-medium whitespace-nowrap text-stone-700 ring-1 ring-stone-200 ring-inset hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:bg-stone-900 aria-[current=page]:text-white aria-[current=page]:ring-stone-900 md:rounded-xl md:ring-0"
              >
                <Icon className="hidden size-4 md:block" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="account-title" className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-1">
            <h1 id="account-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title}
            </h1>
            {intro ? <p className="text-sm text-stone-600">{intro}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </section>
    </div>
  );
}
