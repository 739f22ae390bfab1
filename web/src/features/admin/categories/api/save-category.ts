import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryCreate, AdminCategoryUpdate } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

type CategorySave = { kind: 'add'; body: AdminCategoryCreate } | { kind: 'change'; id: number; body: AdminCategoryUpdate };

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: CategorySave) =>
      save.kind === 'add'
        ? apiSend<AdminCategory>('POST', '/admin/categories/', save.body)
        : apiSend<AdminCategory>('PATCH', `/admin/categories/${save.id}/`, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
