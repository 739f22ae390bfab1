import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CatalogImportRun } from '@threadline/contracts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';
import { useImportRun } from '../api/get-import-run.ts';
import { ImportReport } from './import-report.tsx';

/** A large import written after its upload answered: its progress, polled, then its report. */
export function ImportProgress({ run: started }: { run: CatalogImportRun }) {
  const { data: run } = useImportRun(started);
  const queryClient = useQueryClient();
  const ended = run.report !== null;
  useEffect(() => {
    // What the import wrote makes the back office's lists stale, once it ended.
    if (ended) void queryClient.invalidateQueries({ queryKey: adminQueryKey, predicate: (query) => query.queryKey[1] !== 'import-run' });
  }, [ended, queryClient]);
  if (run.report !== null) return <ImportReport report={run.report} />;
  const share = run.products === 0 ? 0 : Math.round((run.products_written / run.products) * 100);
  return (
    <div className="space-y-2 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm text-stone-800">
      <p className="font-semibold">Importing {run.file_name}…</p>
      <progress className="h-2 w-full accent-stone-900" max={run.products} value={run.products_written} aria-label="Products written">
        {share}%
      </progress>
      <output className="block" aria-live="polite">
        {run.products_written.toLocaleString('en')} of {run.products.toLocaleString('en')} products written. You can keep working; this page
        shows the report when it is done.
      </output>
    </div>
  );
}
