import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/** Deletes a product never ordered; the server archives one that was, and says which it did. */
export function useDeleteAdminProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<{ outcome: 'deleted' | 'archived' }>('DELETE', `/admin/products/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
