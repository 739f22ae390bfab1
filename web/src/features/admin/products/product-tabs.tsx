import { NavLink } from 'react-router';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap ${
    isActive ? 'border-stone-900 text-stone-900' : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
  }`;

/** The product editor's sections: details, pictures and stock each have their own page (and URL). */
export function ProductTabs({ productId }: { productId: number }) {
  const base = `/admin/products/${productId}`;
  return (
    <nav aria-label="Product sections" className="-mx-1 overflow-x-auto border-b border-stone-200">
      <ul className="flex gap-1 px-1">
        <li>
          <NavLink to={base} end className={tabClass}>
            Details
          </NavLink>
        </li>
        <li>
          <NavLink to={`${base}/pictures`} className={tabClass}>
            Pictures
          </NavLink>
        </li>
        <li>
          <NavLink to={`${base}/stock`} className={tabClass}>
            Stock
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
