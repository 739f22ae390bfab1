import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminList, StockMovement } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/** GET /admin/variants/{id}/movements/: every stock change of the variant, newest first. */
export const getMovements = (variantId: number, page: number, signal?: AbortSignal) =>
  apiGet<AdminList<StockMovement>>(`/admin/variants/${variantId}/movements/?page=${page}&page_size=10`, { signal });

export const useMovements = (variantId: number, page: number) =>
  useQuery({
    queryKey: [...adminQueryKey, 'movements', variantId, page],
    queryFn: ({ signal }) => getMovements(variantId, page, signal),
    placeholderData: keepPreviousData,
  });
