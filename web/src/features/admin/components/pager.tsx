import { adminPageSizeDefault, type AdminList } from '@threadline/contracts';
import { Link, useSearchParams } from 'react-router';

const linkClass =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:bg-stone-100';

/** "Showing 26–50 of 312" with links to the neighbouring pages, which keep every filter in the URL. */
export function Pager({ list }: { list: AdminList<unknown> }) {
  const [searchParams] = useSearchParams();
  const page = Number(searchParams.get('page') ?? '1') || 1;
  const pageSize = Number(searchParams.get('page_size') ?? adminPageSizeDefault) || adminPageSizeDefault;
  const first = list.count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + list.results.length;
  const to = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
      <p>{list.count === 0 ? 'Nothing to show' : `Showing ${first}–${last} of ${list.count.toLocaleString('en-JM')}`}</p>
      <div className="flex gap-2">
        {list.previous ? (
          <Link to={to(page - 1)} className={linkClass} rel="prev">
            Previous
          </Link>
        ) : null}
        {list.next ? (
          <Link to={to(page + 1)} className={linkClass} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
