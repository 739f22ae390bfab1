import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentProofResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { orderQueryKey } from '@/lib/queries/orders.ts';
import { ordersQueryKey } from '@/lib/queries/query-keys.ts';

/** KINGSTON.md §1: the screenshot or PDF of a bank transfer; `token` is the order e-mail's link for a guest on another device. */
export const sendPaymentProof = (orderId: string, file: File, token: string | null) => {
  const form = new FormData();
  form.append('file', file);
  return apiSend<PaymentProofResponse>(
    'POST',
    `/orders/${encodeURIComponent(orderId)}/payment-proof/${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    form,
  );
};

/** Sends the proof; the order's page and the customer's order list then show it. */
export function useSendPaymentProof(orderId: string, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendPaymentProof(orderId, file, token),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderQueryKey(orderId), answer.order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}
