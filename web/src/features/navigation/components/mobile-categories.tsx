import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useCategories } from '@/lib/queries/categories.ts';

const linkClass = 'flex min-h-11 items-center rounded-lg px-3 text-stone-700 hover:bg-stone-100 hover:text-stone-900';

/** The categories inside the mobile menu: a disclosure, so the menu stays short until asked. */
export function MobileCategories({ onNavigate, className }: { onNavigate: () => void; className: string }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const categories = useCategories();
  const topLevel = categories.data?.hierarchical_categories ?? [];

  return (
    <>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
        className={`${className} w-full justify-between`}
      >
        Categories
        <ChevronDown
          className={`size-5 text-stone-500 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      <div id={listId} hidden={!expanded} className="mt-1 mb-2 ml-3 border-l border-stone-200 pl-2">
        {categories.isPending && <p className="px-3 py-2 text-sm text-stone-500">Loading categories…</p>}
        <ul className="text-sm">
          {topLevel.map((category) => (
            <li key={category.slug}>
              <Link to={`/shop/category/${category.slug}`} onClick={onNavigate} className={`${linkClass} font-semibold`}>
                {category.name}
              </Link>
              {category.children.length > 0 && (
                <ul className="ml-3">
                  {category.children.map((child) => (
                    <li key={child.slug}>
                      <Link to={`/shop/category/${child.slug}`} onClick={onNavigate} className={linkClass}>
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          <li>
            <Link to="/categories" onClick={onNavigate} className={`${linkClass} font-semibold text-brand-800`}>
              All categories
            </Link>
          </li>
        </ul>
      </div>
    </>
  );
}
