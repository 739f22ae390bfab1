import { useMutation } from '@tanstack/react-query';
import type { CancelOrderResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

export const cancelOrder = (orderId: string) => apiSend<CancelOrderResponse>('POST', `/orders/${encodeURIComponent(orderId)}/cancel/`);

/** Gives up the unpaid card order: the server puts its items back into the shopper's cart. */
export const useCancelOrder = () => useMutation({ mutationFn: cancelOrder });
