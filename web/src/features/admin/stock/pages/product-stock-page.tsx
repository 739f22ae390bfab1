import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminList, StockRow } from '@threadline/contracts';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Notice, type NoticeMessage } from '@/components/ui/notice.tsx';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListEmpty, ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { AdjustStockDialog } from '../components/adjust-stock-dialog.tsx';
import { MovementsList } from '../components/movements-list.tsx';
import { variantLabel } from '../components/stock-level.tsx';
import { StockTable } from '../components/stock-table.tsx';
import { ProductTabs } from '../../products/product-tabs.tsx';

/** A variant's stock changes behind its name, read when first opened. */
function VariantMovements({ variant }: { variant: StockRow }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="group rounded-2xl bg-stone-100 p-3" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      {/* A flex summary loses the browser's triangle: the chevron and the words say it opens. */}
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-2 gap-y-1 rounded-lg px-2 font-medium [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 shrink-0 text-stone-600 transition-transform group-open:rotate-90" aria-hidden="true" />
        <span>
          {variantLabel(variant)} <span className="font-mono text-xs text-stone-600">{variant.sku}</span>
        </span>
        <span className="ml-auto text-sm font-normal text-stone-700 underline underline-offset-2">
          <span className="group-open:hidden">Show stock movements</span>
          <span className="hidden group-open:inline">Hide stock movements</span>
        </span>
      </summary>
      <div className="mt-2">{opened ? <MovementsList variantId={variant.id} /> : null}</div>
    </details>
  );
}

/** One product's variants with their stock and, under each, every stock change it had. */
export function ProductStockPage() {
  const productId = Number(useParams().id);
  const [adjusting, setAdjusting] = useState<StockRow | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const variants = useQuery({
    queryKey: [...adminQueryKey, '/admin/stock/', `product=${productId}`],
    queryFn: ({ signal }) => apiGet<AdminList<StockRow>>(`/admin/stock/?product=${productId}&page_size=100`, { signal }),
    placeholderData: keepPreviousData,
  });
  const name = variants.data?.results[0]?.product.name;

  return (
    <AdminPage title={name ? `Stock of ${name}` : 'Product stock'}>
      <ProductTabs productId={productId} />
      {variants.isPending ? (
        <ListLoading label="Loading the product's stock..." rows={3} />
      ) : variants.isError ? (
        <LoadFailed error={variants.error} retry={() => void variants.refetch()} />
      ) : variants.data.results.length === 0 ? (
        <ListEmpty>This product has no variants, or it does not exist.</ListEmpty>
      ) : (
        <>
          <StockTable rows={variants.data.results} onAdjust={setAdjusting} showProduct={false} />
          <section aria-labelledby="movements-heading" className="space-y-3">
            <h2 id="movements-heading" className="text-lg font-semibold">
              Stock changes
            </h2>
            {variants.data.results.map((variant) => (
              <VariantMovements key={variant.id} variant={variant} />
            ))}
          </section>
        </>
      )}
      <AdjustStockDialog
        variant={adjusting}
        onClose={() => setAdjusting(null)}
        onAdjusted={(variant, stock) => {
          setAdjusting(null);
          setNotice({ tone: 'success', text: `${variantLabel(variant)}: ${stock} in stock now.` });
        }}
      />
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
    </AdminPage>
  );
}
