import { NavLink } from 'react-router';
import { CategoriesMegaMenu } from '@/features/navigation/components/categories-mega-menu.tsx';
import { primaryNav } from './nav-links.ts';

/** The header's navigation from a tablet's width up (a phone has the menu instead). */
export function MainNav() {
  return (
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
  );
}
