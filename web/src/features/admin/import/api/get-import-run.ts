import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogImportRun } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/** How often a large import's progress is asked while it is written. */
const pollMs = 1_000;

export const importRunQueryOptions = (run: CatalogImportRun) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'import-run', run.id],
    queryFn: ({ signal }) => apiGet<CatalogImportRun>(`/admin/products/import/${run.id}/`, { signal }),
    initialData: run,
    refetchInterval: (query) => (query.state.data?.status === 'writing' ? pollMs : false),
  });

/** GET /admin/products/import/{id}/: a large import written after its upload answered, polled until it ends. */
export const useImportRun = (run: CatalogImportRun) => useQuery(importRunQueryOptions(run));
