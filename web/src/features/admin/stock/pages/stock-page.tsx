import type { StockRow } from '@threadline/contracts';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useAdminList, useListFilter } from '../../hooks/use-admin-list.ts';
import { AdjustStockDialog } from '../components/adjust-stock-dialog.tsx';
import { variantLabel } from '../components/stock-level.tsx';
import { StockTable } from '../components/stock-table.tsx';

/** Every variant's stock, searchable and filtered to what is low or out, with an adjustment a tap away. */
export function StockPage() {
  const [search, setSearch] = useListFilter('search');
  const [level, setLevel] = useListFilter('stock');
  const [typed, setTyped] = useState(search);
  const [adjusting, setAdjusting] = useState<StockRow | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const list = useAdminList<StockRow>('/admin/stock/');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };

  return (
    <AdminPage title="Stock">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <form onSubmit={submit} className="flex min-w-0 flex-1 items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
            Product name or SKU
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              maxLength={100}
              className="h-11 w-full min-w-0 rounded-xl bg-white px-3.5 text-base ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
            />
          </label>
          <button type="submit" className={buttonClass('secondary')}>
            Search
          </button>
        </form>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Stock level
          <select className={selectClass} value={level} onChange={(event) => setLevel(event.currentTarget.value)}>
            <option value="">All</option>
            <option value="low">Low (5 or fewer)</option>
            <option value="out">Out of stock</option>
          </select>
        </label>
      </div>
      {list.isPending ? (
        <ListLoading label="Loading stock..." />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <ListEmpty>{search || level ? 'No variant matches these filters.' : 'No products have variants yet.'}</ListEmpty>
      ) : (
        <>
          <StockTable rows={list.data.results} onAdjust={setAdjusting} />
          <Pager list={list.data} />
        </>
      )}
      <AdjustStockDialog
        variant={adjusting}
        onClose={() => setAdjusting(null)}
        onAdjusted={(variant, stock) => {
          setAdjusting(null);
          setNotice({ tone: 'success', text: `${variant.product.name}, ${variantLabel(variant)}: ${stock} in stock now.` });
        }}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
