import type { StockRow } from '@threadline/contracts';
import { Link } from 'react-router';
import { StockLevel } from './stock-level.tsx';
import { AdminTable, adminTableHeadClass } from '../../components/admin-table.tsx';

const adjustClass =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:bg-stone-100';

/** Variant rows with their stock and an Adjust button each; wide, so it scrolls inside its own box on a phone. */
export function StockTable({
  rows,
  onAdjust,
  showProduct = true,
}: {
  rows: StockRow[];
  onAdjust(row: StockRow): void;
  showProduct?: boolean;
}) {
  return (
    <AdminTable label="Stock levels" minWidthClass="min-w-[36rem]">
      <thead className={adminTableHeadClass}>
        <tr>
          {showProduct ? (
            <th scope="col" className="px-4 py-3">
              Product
            </th>
          ) : null}
          <th scope="col" className="px-4 py-3">
            Size
          </th>
          <th scope="col" className="px-4 py-3">
            Colour
          </th>
          <th scope="col" className="px-4 py-3">
            SKU
          </th>
          <th scope="col" className="px-4 py-3">
            Stock
          </th>
          <th scope="col" className="px-4 py-3">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {rows.map((row) => (
          <tr key={row.id}>
            {showProduct ? (
              <td className="px-4 py-2">
                <Link to={`/admin/products/${row.product.id}/stock`} className="font-medium underline-offset-2 hover:underline">
                  {row.product.name}
                </Link>
                {row.product.status !== 'active' ? <span className="ml-2 text-xs text-stone-500">({row.product.status})</span> : null}
              </td>
            ) : null}
            <td className="px-4 py-2">{row.size ?? '—'}</td>
            <td className="px-4 py-2">{row.color ?? '—'}</td>
            <td className="px-4 py-2 font-mono text-xs">{row.sku}</td>
            <td className="px-4 py-2">
              <StockLevel stock={row.stock} />
            </td>
            <td className="px-4 py-2 text-right">
              <button
                type="button"
                className={adjustClass}
                onClick={() => onAdjust(row)}
                aria-label={`Adjust stock of ${row.product.name}, ${row.sku}`}
              >
                Adjust
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
