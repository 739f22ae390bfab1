import { useNewOrdersCount } from '../api/get-new-orders-count.ts';

/** The live count beside the Orders entry: orders to handle that came in since the list was last opened. */
export function NewOrdersBadge() {
  const count = useNewOrdersCount().data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> new</span>
    </span>
  );
}
