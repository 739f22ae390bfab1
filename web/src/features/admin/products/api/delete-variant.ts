import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/**
 * Removes a variant. One that was ordered is retired by the server, which answers 409 saying so: the
 * product is read again whatever the answer.
 */
export function useDeleteVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variantId: number) => apiSend<{ deleted: true }>('DELETE', `/admin/variants/${variantId}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
