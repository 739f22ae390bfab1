import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetailResponse } from '@threadline/contracts';
import { ApiError, apiGet } from '@/lib/api-client.ts';

export function getProduct(id: string | number, signal?: AbortSignal): Promise<ProductDetailResponse> {
  return apiGet<ProductDetailResponse>(`/product/${encodeURIComponent(String(id))}/`, { signal, sessionFree: true });
}

/** Shared by the product page and the quick-add dialog, so opening one after the other reuses the answer. */
export function productQueryOptions(id: string | number) {
  return queryOptions({
    queryKey: ['product', String(id)],
    queryFn: async ({ signal, client }) => {
      try {
        return await getProduct(id, signal);
      } catch (error) {
        // Gone since the lists that link to it were loaded (deleted, unpublished): they are fetched
        // again, so its card leaves the shop, the home page and other products' related products.
        if (error instanceof ApiError && error.status === 404) {
          void client.invalidateQueries({
            predicate: ({ queryKey: [key, detailId] }) =>
              key === 'shop' || key === 'home' || (key === 'product' && detailId !== String(id)),
          });
        }
        throw error;
      }
    },
  });
}

export function useProduct(id: string | number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled: options.enabled ?? true });
}
