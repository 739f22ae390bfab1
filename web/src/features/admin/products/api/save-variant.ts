import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVariant, AdminVariantCreate, AdminVariantUpdate } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

type VariantSave = { kind: 'add'; body: AdminVariantCreate } | { kind: 'change'; variantId: number; body: AdminVariantUpdate };

/** Adds a variant to a product or changes one; the product is read again either way. */
export function useSaveVariant(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: VariantSave) =>
      save.kind === 'add'
        ? apiSend<AdminVariant>('POST', `/admin/products/${productId}/variants/`, save.body)
        : apiSend<AdminVariant>('PATCH', `/admin/variants/${save.variantId}/`, save.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
