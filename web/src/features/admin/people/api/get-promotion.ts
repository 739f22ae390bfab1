import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPromotion } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const promotionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'promotion', id],
    queryFn: ({ signal }) => apiGet<AdminPromotion>(`/admin/promotions/${id}/`, { signal }),
  });

/** One promo code, for its edit form. */
export const usePromotion = (id: number) => useQuery(promotionQueryOptions(id));
