import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/** Deletes a product never ordered; the server archives one that was, and says which it did. */
export function useDeleteAdminProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<{ outcome: 'deleted' | 'archived' }>('DELETE', `/admin/products/${id}/`),
    // A deleted product's page is left at once (the caller navigates once this settles): nothing asks
    // for it again, which would show "No product has that id" and unmount the page before it leaves.
    // An archived one stays, and shows its new state.
    onSuccess: ({ outcome }) =>
      queryClient.invalidateQueries({ queryKey: adminQueryKey, refetchType: outcome === 'deleted' ? 'none' : 'active' }),
  });
}
