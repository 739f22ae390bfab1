import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductDetailResponse, Return, ReturnList, ReturnRequest } from '@threadline/contracts';
import { apiGet, apiSend } from '@/lib/api-client.ts';
import { ordersQueryKey } from './query-keys.ts';

/** The e-mail's link lets a guest on any device see and ask for the order's returns, as the order itself. */
const withToken = (token: string | null) => (token ? `?token=${encodeURIComponent(token)}` : '');

// Under the orders' key, so sign-in and sign-out clear them with the orders.
export const orderReturnsQueryKey = (orderId: number) => [...ordersQueryKey, 'returns', orderId] as const;

export const getOrderReturns = (orderId: number, token: string | null, signal?: AbortSignal) =>
  apiGet<ReturnList>(`/orders/${orderId}/returns/${withToken(token)}`, signal ? { signal } : {});

/** The order's returns, newest first (KINGSTON.md §7); asked only for an order that can have any (`enabled`). */
export const useOrderReturns = (orderId: number, token: string | null, enabled: boolean) =>
  useQuery({ queryKey: orderReturnsQueryKey(orderId), queryFn: ({ signal }) => getOrderReturns(orderId, token, signal), enabled });

/** Asks for a return of some of the order's units; the order's returns are read again after. */
export function useRequestReturn(orderId: number, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ReturnRequest) => apiSend<Return>('POST', `/orders/${orderId}/returns/${withToken(token)}`, request),
    onSuccess: () => client.invalidateQueries({ queryKey: orderReturnsQueryKey(orderId) }),
  });
}

/** The sizes and colours a product is sold in, for an exchange; asked only once the shopper chooses one. */
export const useProductVariants = (productId: number | null) =>
  useQuery({
    queryKey: ['product-variants', productId] as const,
    queryFn: ({ signal }) => apiGet<ProductDetailResponse>(`/product/${productId}/`, { signal, sessionFree: true }),
    select: (detail) => detail.variants,
    enabled: productId !== null,
  });
