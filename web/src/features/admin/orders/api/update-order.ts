import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderActionResponse, OrderRefundRequest, OrderStatusChange } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';
import { adminOrderQueryKey } from './get-admin-order.ts';

export type OrderAction =
  | { kind: 'status'; change: OrderStatusChange }
  | { kind: 'mark-paid'; note: string }
  | { kind: 'refund'; refund: OrderRefundRequest };

const send = (id: number, action: OrderAction) => {
  if (action.kind === 'status') return apiSend<OrderActionResponse>('POST', `/admin/orders/${id}/status/`, action.change);
  if (action.kind === 'mark-paid') return apiSend<OrderActionResponse>('POST', `/admin/orders/${id}/mark-paid/`, { note: action.note });
  return apiSend<OrderActionResponse>('POST', `/admin/orders/${id}/refund/`, action.refund);
};

/** Changes the order; its page shows the order the server answered, and every list reads again. */
export function useOrderAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => send(id, action),
    onSuccess: (answer) => {
      client.setQueryData(adminOrderQueryKey(id), answer.order);
      void client.invalidateQueries({ queryKey: adminQueryKey, predicate: (query) => query.queryKey[2] !== id });
    },
  });
}
