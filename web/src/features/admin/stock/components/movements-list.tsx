import { useState } from 'react';
import { useMovements } from '../api/get-movements.ts';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';

const when = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' });
const pageButton =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:bg-stone-100 disabled:opacity-50';

/** A variant's stock changes, newest first: the change, why, which order or who, and when. */
export function MovementsList({ variantId }: { variantId: number }) {
  const [page, setPage] = useState(1);
  const movements = useMovements(variantId, page);
  if (movements.isPending) return <ListLoading label="Loading stock changes..." rows={3} />;
  if (movements.isError) return <LoadFailed error={movements.error} retry={() => void movements.refetch()} />;
  const { results, next, previous, count } = movements.data;
  if (count === 0) return <p className="text-sm text-stone-600">No stock changes recorded yet.</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
        {results.map((movement) => (
          <li key={movement.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
            <span className={`w-14 font-semibold tabular-nums ${movement.change < 0 ? 'text-red-700' : 'text-brand-700'}`}>
              {movement.change > 0 ? `+${movement.change}` : movement.change}
            </span>
            <span className="min-w-0 flex-1 break-words">
              {movement.reason}
              {movement.order_number ? <span className="text-stone-600"> · order {movement.order_number}</span> : null}
              {movement.staff ? <span className="text-stone-600"> · {movement.staff.email}</span> : null}
            </span>
            <span className="text-stone-600">{when.format(new Date(movement.created_at))}</span>
          </li>
        ))}
      </ul>
      {next || previous ? (
        <div className="flex gap-2">
          <button type="button" className={pageButton} disabled={!previous} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <button type="button" className={pageButton} disabled={!next} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      ) : null}
    </div>
  );
}
