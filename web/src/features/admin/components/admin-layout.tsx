import type { AdminMe } from '@threadline/contracts';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { adminSections } from '../admin-nav.ts';

const sectionClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 shrink-0 items-center rounded-xl px-3 text-sm font-medium whitespace-nowrap ${
    isActive ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-200'
  }`;

/**
 * The back office's frame: its sections down the side on a wide screen, and in a row that scrolls
 * sideways on a phone, so every section is one tap away on the shop floor.
 */
export function AdminLayout({ me, children }: { me: AdminMe; children: ReactNode }) {
  const { signOut } = useAuth();
  const sections = adminSections.filter((section) => !section.ownerOnly || me.role === 'owner');
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="flex flex-wrap print:hidden items-center justify-between gap-2 border-b border-stone-200 bg-white px-4 py-2 sm:px-6">
        <Link to="/admin" className="text-base font-semibold">
          Threadline <span className="font-normal text-stone-500">back office</span>
        </Link>
        <div className="flex items-center gap-1 text-sm">
          <span className="hidden text-stone-600 sm:inline">
            {me.email} · {me.role === 'owner' ? 'Owner' : 'Staff'}
          </span>
          <Link to="/" className="inline-flex min-h-11 items-center rounded-xl px-3 font-medium hover:bg-stone-100">
            View shop
          </Link>
          <button
            type="button"
            onClick={() => void signOut()}
            className="inline-flex min-h-11 items-center rounded-xl px-3 font-medium hover:bg-stone-100"
          >
            Sign out
          </button>
        </div>
      </header>
      <div className="lg:flex">
        <nav
          aria-label="Back office"
          className="print:hidden border-b border-stone-200 bg-white lg:min-h-[calc(100dvh-3.75rem)] lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto px-3 py-2 lg:flex-col lg:overflow-visible lg:py-4">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} className={sectionClass}>
                  {section.label}
                  {section.Badge ? <section.Badge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
