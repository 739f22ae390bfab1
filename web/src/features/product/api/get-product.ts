import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetailResponse } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export function getProduct(id: string | number, signal?: AbortSignal): Promise<ProductDetailResponse> {
  return apiGet<ProductDetailResponse>(`/product/${encodeURIComponent(String(id))}/`, { signal, sessionFree: true });
}

/** Shared by the product page and the quick-add dialog, so opening one after the other reuses the answer. */
export function productQueryOptions(id: string | number) {
  return queryOptions({
    queryKey: ['product', String(id)],
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string | number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled: options.enabled ?? true });
}
