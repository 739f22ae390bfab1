import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminList, StockAdjustment, StockRow } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export interface StockAdjustmentRequest extends StockAdjustment {
  variantId: number;
}

/** POST /admin/variants/{id}/stock/: answers the variant's new stock. */
export const adjustStock = ({ variantId, ...adjustment }: StockAdjustmentRequest) =>
  apiSend<{ stock: number }>('POST', `/admin/variants/${variantId}/stock/`, adjustment);

/**
 * An adjustment; the new stock is put into every stock list on screen at once, and the lists and
 * movements are read again behind it (a filter may no longer hold the row).
 */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: ({ stock }, { variantId }) => {
      queryClient.setQueriesData<AdminList<StockRow>>({ queryKey: [...adminQueryKey, '/admin/stock/'] }, (list) =>
        list ? { ...list, results: list.results.map((row) => (row.id === variantId ? { ...row, stock } : row)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
