import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductCreate, AdminProductUpdate } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';
import { adminProductQueryKey } from './get-admin-product.ts';

/** Creates a product with its variants; the lists are read again, the new product is cached as answered. */
export function useCreateAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminProductCreate) => apiSend<AdminProduct>('POST', '/admin/products/', body),
    onSuccess: async (product) => {
      queryClient.setQueryData(adminProductQueryKey(product.id), product);
      await queryClient.invalidateQueries({ queryKey: [...adminQueryKey, '/admin/products/'] });
    },
  });
}

/** Saves changed fields of a product (never its variants, which change one by one). */
export function useUpdateAdminProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminProductUpdate) => apiSend<AdminProduct>('PATCH', `/admin/products/${id}/`, body),
    onSuccess: async (product) => {
      queryClient.setQueryData(adminProductQueryKey(id), product);
      await queryClient.invalidateQueries({ queryKey: [...adminQueryKey, '/admin/products/'] });
    },
  });
}
